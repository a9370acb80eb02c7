package outlay.platform

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import java.net.http.HttpRequest.BodyPublishers
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** Security headers on every kind of answer; health details for the host's operator only; safe downloads. */
class SecurityHeadersTest : ApiTest() {

    @Test
    fun `success, problem and early refusal all carry the security headers`() {
        val token = api.newSession().accessToken
        for (response in listOf(api.get("/me", token), api.get("/no/such/thing", token), api.get("/me"), api.get("/accounts?=0", token))) {
            assertEquals("nosniff", response.header("X-Content-Type-Options"), response.toString())
            assertEquals("DENY", response.header("X-Frame-Options"), response.toString())
            assertEquals("no-referrer", response.header("Referrer-Policy"), response.toString())
            assertTrue(response.header("Content-Security-Policy")!!.contains("default-src 'none'"), response.toString())
            assertTrue(response.header("Content-Security-Policy")!!.contains("frame-ancestors 'none'"), response.toString())
        }
    }

    @Test
    fun `health shows its components to the host's operator and only the status to others`() {
        val local = api.get("/actuator/health")
        assertEquals(200, local.status)
        assertTrue(local.json.has("components"), local.body)
        val remote = externalApi().get("/actuator/health")
        assertEquals(200, remote.status, remote.body)
        assertEquals("UP", remote.text("status"))
        assertFalse(remote.json.has("components"), remote.body)
        val signedIn = externalApi().get("/actuator/health", api.newSession().accessToken)
        assertFalse(signedIn.json.has("components"), signedIn.body)
    }

    @Test
    fun `downloads are attachments (images inline) with an encoded filename and nosniff`() {
        val token = api.newSession().accessToken
        api.post("/accounts", mapOf("name" to "Wallet", "currency" to "EUR"), token)
        api.send("POST", "/transactions/draft", BodyPublishers.noBody(), token)
        val document = api.upload("/transactions/draft/documents", token, Fixtures.uniquePdf(), "K\u00fcche; x.pdf")
        assertEquals(201, document.status, document.body)
        val pdf = api.get(document.text("url"), token)
        assertEquals("nosniff", pdf.header("X-Content-Type-Options"))
        val disposition = assertNotNull(pdf.header("Content-Disposition"))
        assertTrue(disposition.startsWith("attachment;"), disposition)
        assertTrue(disposition.contains("filename*=UTF-8''K%C3%BCche"), disposition)
    }
}

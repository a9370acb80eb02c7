package outlay.platform

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.assertProblem
import java.net.http.HttpRequest.BodyPublishers
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** Unparseable or out-of-domain input is a 400 problem (one WARN line, no stack trace), and changes nothing. */
@ExtendWith(OutputCaptureExtension::class)
class InputHygieneTest : ApiTest() {

    @Test
    fun `a query parameter with an empty name is a 400 logged without a stack trace`(output: CapturedOutput) {
        val token = api.newSession().accessToken
        api.get("/accounts?=0", token).assertProblem(400, "bad-request")
        api.get("/actuator/health?=1").assertProblem(400, "bad-request")
        val lines = output.out.lines().filter { "/accounts" in it || "/actuator/health" in it }
        assertTrue(lines.any { "WARN" in it && "Refused GET /accounts" in it }, output.out)
        assertFalse(lines.any { "ERROR" in it }, output.out)
        assertFalse(output.out.contains("InvalidParameterException"), "no stack trace")
    }

    @Test
    fun `control characters in a query parameter are refused`() {
        val token = api.newSession().accessToken
        val response = api.get("/categories?includeArchived=false&q=a%00b", token)
        response.assertProblem(400, "validation")
        assertEquals(listOf("q"), response.errorFields)
    }

    @Test
    fun `a NUL or other control character in any JSON text is a 400 naming the field, and stores nothing`() {
        val token = api.newSession().accessToken
        val account = api.post("/accounts", mapOf("name" to "Wal\u0000let", "currency" to "EUR"), token)
        account.assertProblem(400, "validation")
        assertEquals(listOf("name"), account.errorFields)
        assertEquals("must not contain control characters", account.json.path("errors")[0].path("message").asString())
        val seller = api.post("/sellers", mapOf("name" to "Shop", "locations" to listOf(mapOf("virtual" to true, "address" to "a\u001bb"))), token)
        assertEquals(listOf("locations[0].address"), seller.errorFields)
        assertEquals("[]", api.get("/accounts", token).body)
        assertEquals("[]", api.get("/sellers", token).body)
        // lines and tabs are text, not control
        assertEquals(201, api.post("/accounts", mapOf("name" to "Two\tlines\n", "currency" to "EUR"), token).status)
    }

    @Test
    fun `an unknown JSON field is refused by name`() {
        val token = api.newSession().accessToken
        val response = api.post("/accounts", mapOf("name" to "Wallet", "currency" to "EUR", "colour" to "red"), token)
        response.assertProblem(400, "validation")
        assertEquals(listOf("colour"), response.errorFields)
        assertEquals("is not a known field", response.json.path("errors")[0].path("message").asString())
    }

    @Test
    fun `a number or boolean for text, a number for a choice, and an empty string for an id, are refused by name`() {
        val me = outlay.support.Ledger(api)
        val address = me.post("/sellers", mapOf("name" to "Shop", "locations" to listOf(mapOf("address" to false, "latitude" to 0.0, "longitude" to 0.0))))
        address.assertProblem(400, "validation")
        assertEquals(listOf("locations[0].address"), address.errorFields, address.body)
        me.post("/accounts", mapOf("name" to 42, "currency" to "EUR")).assertProblem(400, "validation")
        val parent = me.post("/categories", mapOf("name" to "Snacks", "icon" to "cookie", "parentId" to ""))
        parent.assertProblem(400, "validation")
        assertEquals(listOf("parentId"), parent.errorFields, parent.body)
        val direction = me.post("/statistics/summary", mapOf("direction" to 0))
        direction.assertProblem(400, "validation")
        assertEquals(listOf("direction"), direction.errorFields, direction.body)
        assertEquals(0, me.get("/sellers").json.size(), "nothing stored")
        assertEquals(0, me.get("/accounts").json.size(), "nothing stored")
    }

    @Test
    fun `public operations ignore a stale or malformed bearer token`() {
        val email = outlay.support.Api.uniqueEmail()
        for ((method, path, body) in listOf(
            Triple("POST", "/auth/register", mapOf("email" to email, "password" to outlay.support.Api.PASSWORD, "displayName" to "Ann")),
            Triple("POST", "/auth/login", mapOf("email" to email, "password" to outlay.support.Api.PASSWORD)),
            Triple("GET", "/.well-known/jwks.json", null),
            Triple("GET", "/actuator/health", null),
        )) {
            val response = if (method == "GET") api.get(path, "not-a-token") else api.post(path, body, "not-a-token")
            assertTrue(response.status in 200..201, "$method $path: $response")
        }
        assertEquals(401, api.get("/me", "not-a-token").status, "a protected operation still refuses it")
    }

    @Test
    fun `dates outside 1900 to 2199 are refused in bodies and query strings`() {
        val token = api.newSession().accessToken
        for (date in listOf("0001-01-01", "1899-12-31", "2200-01-01", "+10000-01-01")) {
            val body = api.post("/statistics/summary", mapOf("from" to date), token)
            body.assertProblem(400, "validation")
            assertEquals(listOf("from"), body.errorFields, body.body)
            val query = api.get("/transactions?to=$date", token)
            query.assertProblem(400, "validation")
            assertEquals(listOf("to"), query.errorFields, query.body)
        }
        assertEquals(200, api.post("/statistics/summary", mapOf("from" to "1900-01-01", "to" to "2199-12-31"), token).status)
        // empty is no date; blank or padded text is not a date either (it was read as none and listed everything)
        assertEquals(200, api.get("/transactions?from=&to=", token).status)
        for (text in listOf("%0A", "%20", "%202026-01-31", "2026-01-31%20")) {
            val padded = api.get("/transactions?to=$text", token)
            padded.assertProblem(400, "validation")
            assertEquals(listOf("to"), padded.errorFields, padded.body)
        }
    }

    @Test
    fun `a timeline is bounded - a day timeline over 300 years is refused, 300 years of months are not`() {
        val token = api.newSession().accessToken
        val all = mapOf("from" to "1900-01-01", "to" to "2199-12-31")
        val days = api.post("/statistics/timeline?granularity=day", all, token)
        days.assertProblem(400, "validation")
        assertEquals(listOf("granularity"), days.errorFields)
        val months = api.post("/statistics/timeline?granularity=month", all, token)
        assertEquals(200, months.status)
        assertEquals(3600, months.json.path("periods").size())
    }

    @Test
    fun `tiny coordinates are rounded, not an arithmetic underflow`() {
        val token = api.newSession().accessToken
        val seller = api.post("/sellers", mapOf("name" to "Kiosk", "locations" to listOf(mapOf("latitude" to 1e-200, "longitude" to 1e-200))), token)
        assertEquals(201, seller.status, seller.body)
        assertEquals(0.0, seller.json.path("locations")[0].path("latitude").asDouble())
        val nearby = api.get("/sellers/nearby?lat=1e-200&lon=1e-200&radius=10", token)
        assertEquals(200, nearby.status, nearby.body)
        assertEquals(1, nearby.json.size())
        api.get("/sellers/nearby?lat=NaN&lon=0", token).assertProblem(400, "validation")
        api.get("/sellers/nearby?lat=0&lon=Infinity", token).assertProblem(400, "validation")
    }

    @Test
    fun `an empty upload is a 400 saying so`() {
        val token = api.newSession().accessToken
        api.post("/accounts", mapOf("name" to "Wallet", "currency" to "EUR"), token)
        api.send("POST", "/transactions/draft", BodyPublishers.noBody(), token)
        val response = api.upload("/transactions/draft/documents", token, ByteArray(0), "empty.pdf")
        response.assertProblem(400, "validation")
        assertEquals("file: the file is empty", response.text("detail"))
    }

    @Test
    fun `a truncated multipart body is a 400`() {
        val token = api.newSession().accessToken
        api.send("POST", "/transactions/draft", BodyPublishers.noBody(), token)
        val body = "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.pdf\"\r\n\r\n".toByteArray() + Fixtures.PDF
        api.send("POST", "/transactions/draft/documents", BodyPublishers.ofByteArray(body), token, "multipart/form-data; boundary=b")
            .assertProblem(400, "bad-request")
    }

    @Test
    fun `errors Tomcat answers before the application are problem documents too`() {
        val malformedPath = raw("GET /% HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        assertTrue(malformedPath.startsWith("HTTP/1.1 400"), malformedPath)
        assertTrue(malformedPath.contains("Content-Type: application/problem+json", ignoreCase = true), malformedPath)
        assertTrue(malformedPath.contains("\"status\":400"), malformedPath)
        assertTrue(malformedPath.contains("X-Content-Type-Options: nosniff", ignoreCase = true), malformedPath)

        val hugeHeader = api.send("GET", "/me", BodyPublishers.noBody(), headers = mapOf("X-Big" to "x".repeat(64 * 1024)))
        assertEquals(400, hugeHeader.status)
        assertTrue(hugeHeader.header("Content-Type")!!.startsWith("application/problem+json"), hugeHeader.toString())
    }
}

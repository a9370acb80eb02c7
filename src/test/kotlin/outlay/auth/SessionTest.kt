package outlay.auth

import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.ApiTest
import java.time.Duration
import kotlin.test.assertEquals
import kotlin.test.assertNotEquals
import kotlin.test.assertNull

class SessionTest : ApiTest() {

    @Test
    fun `login returns a bearer token that opens me, and a refresh token`() {
        val email = Api.uniqueEmail()
        api.register(email, displayName = "Me Myself")
        val login = api.login(email.uppercase()) // emails are case-insensitive
        assertEquals(200, login.status, login.body)
        assertEquals("no-store", login.header("Cache-Control"))
        assertEquals("Bearer", login.text("tokenType"))
        assertEquals(900, login.json.path("expiresIn").asInt())
        assertEquals(30 * 86400, login.json.path("refreshExpiresIn").asInt())
        val me = api.get("/me", login.text("accessToken"))
        assertEquals(200, me.status)
        assertEquals(email, me.text("email"))
        assertEquals("Me Myself", me.text("displayName"))
    }

    @Test
    fun `a wrong password and an unknown email get the same answer`() {
        val email = Api.uniqueEmail()
        api.register(email)
        val wrongPassword = api.login(email, "wrong password!")
        val unknownEmail = api.login(Api.uniqueEmail(), "wrong password!")
        for (response in listOf(wrongPassword, unknownEmail)) {
            assertEquals(401, response.status)
            assertEquals("/problems/invalid-credentials", response.text("type"))
        }
        assertEquals(wrongPassword.text("detail"), unknownEmail.text("detail"))
        assertEquals(wrongPassword.json.size(), unknownEmail.json.size())
    }

    @Test
    fun `refresh rotates the token, and reusing an old one revokes the family`() {
        val session = api.newSession()
        val first = refresh(session.refreshToken)
        assertEquals(200, first.status, first.body)
        val second = first.text("refreshToken")
        assertNotEquals(session.refreshToken, second)
        assertEquals(200, api.get("/me", first.text("accessToken")).status)

        clock.advance(SessionService.RETRY_GRACE.plusSeconds(1)) // past the lost-response retry window
        val reuse = refresh(session.refreshToken)
        assertEquals(401, reuse.status)
        assertEquals("/problems/refresh-token-reused", reuse.text("type"))
        // the thief's reuse also ends the legitimate holder's session
        val afterReuse = refresh(second)
        assertEquals(401, afterReuse.status)
        assertEquals("/problems/invalid-refresh-token", afterReuse.text("type"))
    }

    @Test
    fun `a second login is an independent session`() {
        val session = api.newSession()
        val other = api.login(session.email).text("refreshToken")
        assertEquals(200, refresh(session.refreshToken).status)
        clock.advance(SessionService.RETRY_GRACE.plusSeconds(1))
        assertEquals(401, refresh(session.refreshToken).status) // reuse revokes only that family
        assertEquals(200, refresh(other).status)
    }

    @Test
    fun `logout revokes the session and is idempotent`() {
        val session = api.newSession()
        val rotated = refresh(session.refreshToken).text("refreshToken")
        assertEquals(204, api.post("/auth/logout", mapOf("refreshToken" to rotated)).status)
        assertEquals(401, refresh(rotated).status)
        assertEquals(204, api.post("/auth/logout", mapOf("refreshToken" to rotated)).status)
        assertEquals(204, api.post("/auth/logout", mapOf("refreshToken" to "never-issued")).status)
    }

    @Test
    fun `unknown refresh tokens are rejected`() {
        val response = refresh("x".repeat(43))
        assertEquals(401, response.status)
        assertEquals("/problems/invalid-refresh-token", response.text("type"))
    }

    @Test
    fun `access tokens expire after 15 minutes`() {
        val session = api.newSession()
        clock.advance(Duration.ofMinutes(14))
        assertEquals(200, api.get("/me", session.accessToken).status)
        clock.advance(Duration.ofMinutes(2))
        val expired = api.get("/me", session.accessToken)
        assertEquals(401, expired.status)
        assertEquals("/problems/invalid-token", expired.text("type"))
        assertEquals("application/problem+json", expired.header("Content-Type"))
        assertEquals(true, expired.header("WWW-Authenticate")?.startsWith("Bearer"))
        // the refresh token still works and yields a fresh access token
        val renewed = refresh(session.refreshToken)
        assertEquals(200, renewed.status)
        assertEquals(200, api.get("/me", renewed.text("accessToken")).status)
    }

    @Test
    fun `refresh tokens expire after 30 days`() {
        val session = api.newSession()
        clock.advance(Duration.ofDays(30).plusMinutes(1))
        val response = refresh(session.refreshToken)
        assertEquals(401, response.status)
        assertEquals("/problems/invalid-refresh-token", response.text("type"))
    }

    @Test
    fun `the signing key is published with its kid`() {
        val jwks = api.get("/.well-known/jwks.json")
        assertEquals(200, jwks.status)
        val key = jwks.json.path("keys").first()
        assertEquals("RSA", key.path("kty").asString())
        assertNull(key.get("d"), "the private part must never be published")
        val header = String(java.util.Base64.getUrlDecoder().decode(api.newSession().accessToken.substringBefore('.')))
        val kid = Api.mapper.readTree(header).path("kid").asString()
        assertEquals(key.path("kid").asString(), kid)
    }

    private fun refresh(token: String) = api.post("/auth/refresh", mapOf("refreshToken" to token))
}

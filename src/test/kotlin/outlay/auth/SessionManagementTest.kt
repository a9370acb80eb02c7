package outlay.auth

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.support.Api
import outlay.support.ApiTest
import java.time.Duration
import kotlin.test.assertEquals
import kotlin.test.assertNotEquals
import kotlin.test.assertTrue

/** Sessions a user can see and end; ending one ends its access tokens too, not only its refresh token. */
class SessionManagementTest : ApiTest() {
    @Autowired
    private lateinit var auth: AuthService

    private fun refresh(token: String) = api.post("/auth/refresh", mapOf("refreshToken" to token))

    @Test
    fun `logout ends the session's access tokens at once`() {
        val session = api.newSession()
        assertEquals(200, api.get("/me", session.accessToken).status)
        assertEquals(204, api.post("/auth/logout", mapOf("refreshToken" to session.refreshToken)).status)
        val after = api.get("/me", session.accessToken)
        assertEquals(401, after.status)
        assertEquals("/problems/invalid-token", after.text("type"))
    }

    @Test
    fun `a user lists their sessions and ends one, another user's session is not found`() {
        val first = api.newSession()
        val second = api.login(first.email)
        val sessions = api.get("/me/sessions", first.accessToken)
        assertEquals(200, sessions.status, sessions.body)
        assertEquals(2, sessions.json.size())
        assertEquals(1, sessions.json.values().count { it.path("current").asBoolean() })
        val other = sessions.json.values().first { !it.path("current").asBoolean() }.path("id").asString()

        val stranger = api.newSession()
        assertEquals(404, api.delete("/me/sessions/$other", stranger.accessToken).status)
        assertEquals(200, api.get("/me", second.text("accessToken")).status, "a stranger cannot end it")

        assertEquals(204, api.delete("/me/sessions/$other", first.accessToken).status)
        assertEquals(401, api.get("/me", second.text("accessToken")).status)
        assertEquals(401, refresh(second.text("refreshToken")).status)
        assertEquals(404, api.delete("/me/sessions/$other", first.accessToken).status)
        assertEquals(1, api.get("/me/sessions", first.accessToken).json.size())
    }

    @Test
    fun `changing the password ends every other session and keeps this one`() {
        val mine = api.newSession()
        val elsewhere = api.login(mine.email)
        val wrong = api.post("/me/password", mapOf("currentPassword" to "not it at all", "newPassword" to "a brand new one"), mine.accessToken)
        assertEquals(403, wrong.status)
        assertEquals("/problems/forbidden", wrong.text("type"))
        assertEquals(200, api.get("/me", elsewhere.text("accessToken")).status)

        val changed = api.post("/me/password", mapOf("currentPassword" to mine.password, "newPassword" to "a brand new one"), mine.accessToken)
        assertEquals(204, changed.status, changed.body)
        assertEquals(401, api.get("/me", elsewhere.text("accessToken")).status)
        assertEquals(401, refresh(elsewhere.text("refreshToken")).status)
        assertEquals(200, api.get("/me", mine.accessToken).status)
        assertEquals(401, api.login(mine.email, mine.password).status)
        assertEquals(200, api.login(mine.email, "a brand new one").status)
    }

    @Test
    fun `the operator's reset sets a new password and ends all sessions`() {
        val session = api.newSession()
        assertTrue(auth.resetPassword(session.email.uppercase(), "reset by the operator"))
        assertEquals(401, api.get("/me", session.accessToken).status)
        assertEquals(200, api.login(session.email, "reset by the operator").status)
        assertEquals(false, auth.resetPassword(Api.uniqueEmail(), "reset by the operator"))
    }

    @Test
    fun `a refresh whose answer was lost can be retried once within the grace window`() {
        val session = api.newSession()
        val lost = refresh(session.refreshToken)
        assertEquals(200, lost.status)
        val retried = refresh(session.refreshToken)
        assertEquals(200, retried.status, retried.body)
        assertNotEquals(lost.text("refreshToken"), retried.text("refreshToken"))
        assertEquals(200, api.get("/me", retried.text("accessToken")).status)
        assertEquals(1, api.get("/me/sessions", retried.text("accessToken")).json.size())
        // a second retry is reuse: the whole session ends
        assertEquals("/problems/refresh-token-reused", refresh(session.refreshToken).text("type"))
        assertEquals(401, refresh(retried.text("refreshToken")).status)
        assertEquals(401, api.get("/me", retried.text("accessToken")).status)
    }

    @Test
    fun `the answer that never arrived no longer works after the retry, and the session goes on`() {
        val session = api.newSession()
        val lost = refresh(session.refreshToken)
        val retried = refresh(session.refreshToken)
        assertEquals(200, retried.status)
        assertEquals("/problems/invalid-refresh-token", refresh(lost.text("refreshToken")).text("type"))
        assertEquals(200, api.get("/me", retried.text("accessToken")).status)
        assertEquals(200, refresh(retried.text("refreshToken")).status)
    }

    @Test
    fun `after the grace window a rotated token is reuse`() {
        val session = api.newSession()
        val next = refresh(session.refreshToken)
        assertEquals(200, next.status)
        clock.advance(SessionService.RETRY_GRACE.plus(Duration.ofSeconds(1)))
        assertEquals("/problems/refresh-token-reused", refresh(session.refreshToken).text("type"))
        assertEquals(401, api.get("/me", next.text("accessToken")).status)
    }
}

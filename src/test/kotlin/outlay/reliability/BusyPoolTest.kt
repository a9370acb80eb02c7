package outlay.reliability

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.test.context.TestPropertySource
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.assertProblem
import java.net.CookieManager
import java.net.URI
import java.net.URLEncoder
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpRequest.BodyPublishers
import java.net.http.HttpResponse
import java.net.http.HttpResponse.BodyHandlers
import javax.sql.DataSource
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * When no database connection comes free within the pool's time-out, a request is answered 503 with
 * Retry-After — a problem document for the API, a page for pages — and nothing changes; also where the
 * wait happens in a filter (a bearer token's session check, a browser session's lookup) rather than in a
 * controller, where it once escaped as a 500 (the lab's warm-up at 900 requests/s, 2026-12-06).
 */
@TestPropertySource(properties = ["spring.datasource.hikari.maximum-pool-size=2", "spring.datasource.hikari.connection-timeout=250"])
class BusyPoolTest : ApiTest() {
    @Autowired
    private lateinit var dataSource: DataSource

    @Test
    fun `with every connection taken the API and the pages answer 503 and change nothing, then serve again`() {
        val me = api.newSession() // a token no request has used yet: its session check needs the database
        val pages = signIn(me)
        assertEquals(200, pages.get("/app").statusCode())
        // the pool's two connections (Flyway needs two at start, so the pool cannot be smaller)
        dataSource.connection.use { _ -> dataSource.connection.use { _ -> busy(me, pages) } }
        assertEquals(200, api.get("/me", me.accessToken).status)
        assertEquals(201, api.post("/categories", mapOf("name" to "After", "icon" to "category"), me.accessToken).status)
        assertEquals(200, pages.get("/app").statusCode())
        val names = api.get("/categories", me.accessToken).json.values().map { it.path("name").asString() }
        assertFalse("Busy" in names, "the refused create left nothing behind: $names")
        assertEquals(1, names.count { it == "After" }, names.toString())
    }

    private fun busy(me: Api.Session, pages: Pages) {
        api.get("/me", me.accessToken).apply {
            assertProblem(503, "overloaded")
            assertEquals("1", header("Retry-After"))
        }
        api.post("/categories", mapOf("name" to "Busy", "icon" to "category"), me.accessToken).assertProblem(503, "overloaded")
        pages.get("/app").apply {
            assertEquals(503, statusCode(), body())
            assertEquals("1", headers().firstValue("Retry-After").orElse(null))
            assertTrue("text/html" in headers().firstValue("Content-Type").orElse(""), headers().toString())
            assertTrue("The server is busy" in body(), body())
        }
    }

    /** A browser's session, signed in through the sign-in form (its cookie and CSRF token kept). */
    private fun signIn(session: Api.Session): Pages {
        val pages = Pages(apiBase())
        val form = pages.get("/app/signin").body()
        val csrf = Regex("""name="_csrf"[^>]*value="([^"]+)"""").find(form)?.groupValues?.get(1) ?: error("no CSRF token in $form")
        val fields = mapOf("email" to session.email, "password" to session.password, "_csrf" to csrf)
            .entries.joinToString("&") { (k, v) -> k + "=" + URLEncoder.encode(v, Charsets.UTF_8) }
        val signedIn = pages.client.send(
            HttpRequest.newBuilder(URI(apiBase() + "/app/signin")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(BodyPublishers.ofString(fields)).build(),
            BodyHandlers.ofString(),
        )
        assertEquals(302, signedIn.statusCode(), signedIn.body())
        return pages
    }

    private class Pages(private val base: String) {
        val client: HttpClient = HttpClient.newBuilder().cookieHandler(CookieManager()).followRedirects(HttpClient.Redirect.NEVER).build()

        fun get(path: String): HttpResponse<String> =
            client.send(HttpRequest.newBuilder(URI(base + path)).header("Accept", "text/html").GET().build(), BodyHandlers.ofString())
    }
}

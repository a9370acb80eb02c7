package outlay.reliability

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Value
import org.springframework.test.context.TestPropertySource
import outlay.support.ApiTest
import outlay.support.assertProblem
import outlay.support.isQuiet
import java.net.Socket
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/**
 * Beyond its limit of requests in progress the server answers 503 at once and starts nothing;
 * health probes still answer, and once the held requests end, requests are served again.
 */
@TestPropertySource(properties = ["outlay.http.max-requests-in-progress=3"])
class AdmissionTest : ApiTest() {
    @Value("\${local.server.port}")
    private var port = 0

    @Test
    fun `requests beyond the limit are shed with 503 and change nothing, until the held ones end`() {
        val me = api.newSession()
        // Three logins whose bodies never finish: each is in progress, reading its body, and holds its place.
        // One that arrived while an earlier request still held its place was itself turned away: replace it.
        val held = mutableListOf<Socket>()
        try {
            val busy = poll {
                held.removeAll { answered(it) }
                while (held.size < 3) held += holdLogin()
                api.get("/me", me.accessToken).takeIf { it.status == 503 }
            }
            busy.assertProblem(503, "overloaded")
            assertEquals("1", busy.header("Retry-After"))
            api.post("/categories", mapOf("name" to "Shed", "icon" to "category"), me.accessToken).assertProblem(503, "overloaded")
            assertEquals(200, api.get("/actuator/health/liveness").status, "a health probe is never shed")
        } finally {
            held.forEach { runCatching { it.close() } }
        }
        poll { api.get("/me", me.accessToken).takeIf { it.status == 200 } }
        val names = api.get("/categories", me.accessToken).json.values().map { it.path("name").asString() }
        assertFalse("Shed" in names, "the shed create left nothing behind: $names")
    }

    private fun holdLogin() = Socket("127.0.0.1", port).apply {
        getOutputStream().write("POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{".toByteArray())
        getOutputStream().flush()
    }

    /** The server answered (and so no longer holds) this request; the socket is closed then. */
    private fun answered(socket: Socket): Boolean = (!socket.isQuiet()).also { if (it) socket.close() }

    /** The held requests reach the server, and end there, a moment after the client acts. */
    private fun <T : Any> poll(attempt: () -> T?): T {
        repeat(100) {
            attempt()?.let { return it }
            Thread.sleep(50)
        }
        error("no such answer within 5 s")
    }
}

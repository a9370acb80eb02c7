package outlay.reliability

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Value
import org.springframework.test.context.TestPropertySource
import outlay.support.ApiTest
import outlay.support.isQuiet
import java.io.InputStream
import java.net.Socket
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Past half of its maximum connections the server closes the connections idle longest until it is
 * back at half, so keep-alive connections a client left idle cannot hold the slots (and heap) that
 * new clients need; below half, idle connections stay open for their keep-alive time.
 */
@TestPropertySource(properties = ["server.tomcat.max-connections=$MAX"])
class ConnectionPressureTest : ApiTest() {
    @Value("\${local.server.port}")
    private var port = 0

    @Test
    fun `idle keep-alive connections past half the maximum are closed, the rest stay and the server serves`() {
        val idle = List(IDLE) { keptAlive() }
        try {
            var open = idle
            var rounds = 0
            while (open.size > MAX / 2 && rounds++ < 100) { // the guard runs once a second
                Thread.sleep(100)
                open = open.filter { it.isQuiet() }
            }
            assertTrue(open.size <= MAX / 2, "${open.size} of $IDLE idle connections still open with at most $MAX allowed")
            Thread.sleep(2_500) // two more rounds of the guard: at half the maximum nothing more is closed
            val left = open.count { it.isQuiet() }
            assertTrue(left >= 1, "below half the maximum, idle connections stay open: $left of ${open.size} left")
            assertEquals(200, api.get("/actuator/health/liveness").status)
            // a connection the guard left open still carries a request
            open.first { it.isQuiet() }.let { socket -> assertEquals("HTTP/1.1 200", request(socket).take(12)) }
        } finally {
            idle.forEach { runCatching { it.close() } }
        }
    }

    /** A connection that made one request, got its answer and stays open (HTTP/1.1 keep-alive). */
    private fun keptAlive() = Socket("127.0.0.1", port).also { socket ->
        assertEquals("HTTP/1.1 200", request(socket).take(12))
    }

    private fun request(socket: Socket): String {
        socket.soTimeout = 5_000
        socket.getOutputStream().write("GET /actuator/health/liveness HTTP/1.1\r\nHost: localhost\r\n\r\n".toByteArray())
        return readResponse(socket.getInputStream())
    }

    /** The status line, after reading the whole (small, length-delimited) response off the connection. */
    private fun readResponse(input: InputStream): String {
        val head = StringBuilder()
        while (!head.endsWith("\r\n\r\n")) head.append(input.read().also { check(it >= 0) { "closed before the answer" } }.toChar())
        val length = Regex("(?im)^content-length: *(\\d+)").find(head)?.groupValues?.get(1)?.toInt()
        if (length != null) input.readNBytes(length) else {
            // chunked: read to the last chunk
            while (!head.endsWith("0\r\n\r\n")) head.append(input.read().also { check(it >= 0) }.toChar())
        }
        return head.toString()
    }
}

private const val MAX = 20
private const val IDLE = 16

package outlay.reliability

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Value
import org.springframework.test.context.TestPropertySource
import outlay.support.ApiTest
import java.io.IOException
import java.net.Socket
import java.net.SocketTimeoutException
import kotlin.test.assertEquals

/**
 * Slowloris: 300 connections sending their request headers a byte every half second (each byte
 * well within the idle timeout). Other users' requests meanwhile all succeed, and every slow
 * connection is cut off once its request head has taken longer than the header timeout.
 */
@TestPropertySource(properties = ["outlay.http.header-timeout=2s"])
class SlowClientTest : ApiTest() {
    @Value("\${local.server.port}")
    private var port = 0

    @Test
    fun `slow request heads are cut off and never delay other requests`() {
        val me = api.newSession()
        val slow = (1..SLOW).map { Socket("127.0.0.1", port).apply { soTimeout = 1; getOutputStream().write("GET /me HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".toByteArray()) } }
        try {
            val open = slow.toMutableSet()
            // other users' requests, back to back while the slow connections are all open
            val answers = java.util.concurrent.ConcurrentLinkedQueue<Int>()
            val others = kotlin.concurrent.thread { repeat(20) { answers += api.get("/me", me.accessToken).status } }
            var rounds = 0
            while (open.isNotEmpty() && rounds < MAX_ROUNDS) {
                rounds++
                open.removeAll { socket -> !trickle(socket) }
                Thread.sleep(500)
            }
            others.join()
            println("SLOW $SLOW connections, all cut off after $rounds rounds: ${open.isEmpty()}; other requests ${answers.toList()}")
            assertEquals(List(20) { 200 }, answers.toList(), "other requests while $SLOW connections trickle")
            assertEquals(0, open.size, "slow connections still open after $rounds rounds of one byte each half second")
        } finally {
            slow.forEach { runCatching { it.close() } }
        }
    }

    /** Sends one more header byte; false once the server has closed (or answered) the connection. */
    private fun trickle(socket: Socket): Boolean = try {
        socket.getOutputStream().write('a'.code)
        socket.getInputStream().read()
        false // end of stream, or an answer: the server is done with it
    } catch (e: SocketTimeoutException) {
        true // nothing from the server yet: still open
    } catch (e: IOException) {
        false // reset or broken pipe: closed
    }

    private companion object {
        const val SLOW = 300
        const val MAX_ROUNDS = 120 // one minute: without a deadline the trickle would go on for hours
    }
}

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
        // how long the same requests take without slow connections, to compare (printed, not asserted)
        val before = List(20) { timed { api.get("/me", me.accessToken) } }
        val slow = (1..SLOW).map { Socket("127.0.0.1", port).apply { soTimeout = 1; getOutputStream().write("GET /me HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".toByteArray()) } }
        try {
            val open = slow.toMutableSet()
            // other users' requests, back to back while the slow connections are all open
            val answers = java.util.concurrent.ConcurrentLinkedQueue<Int>()
            val during = java.util.concurrent.ConcurrentLinkedQueue<Long>()
            val others = kotlin.concurrent.thread { repeat(20) { during += timed { answers += api.get("/me", me.accessToken).status } } }
            var rounds = 0
            while (open.isNotEmpty() && rounds < MAX_ROUNDS) {
                rounds++
                open.removeAll { socket -> !trickle(socket) }
                Thread.sleep(500)
            }
            others.join()
            println(
                "SLOW $SLOW connections, all cut off after $rounds rounds: ${open.isEmpty()}; other requests ${answers.toList()}; " +
                    "their time without / with the slow connections: median ${median(before)} / ${median(during.toList())} ms, " +
                    "slowest ${before.max()} / ${during.max()} ms",
            )
            assertEquals(List(20) { 200 }, answers.toList(), "other requests while $SLOW connections trickle")
            assertEquals(0, open.size, "slow connections still open after $rounds rounds of one byte each half second")
        } finally {
            slow.forEach { runCatching { it.close() } }
        }
    }

    private fun timed(request: () -> Unit): Long = System.nanoTime().let { start -> request(); (System.nanoTime() - start) / 1_000_000 }

    private fun median(millis: List<Long>) = millis.sorted()[millis.size / 2]

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

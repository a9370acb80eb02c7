package outlay.support

import java.net.Socket
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import kotlin.test.assertTrue

/**
 * One request on a connection of its own, its body sent while the answer is read, as a browser does with
 * an upload: returns the whole answer once the server has closed the connection. A reset on either side
 * throws, so does a server that closes before it has read the whole body (the write breaks), and one that
 * never ends its answer (a 60 s read timeout).
 */
fun rawExchange(port: Int, head: String, body: ByteArray): String = Socket("127.0.0.1", port).use { socket ->
    socket.soTimeout = 60_000
    val sent = CompletableFuture.runAsync { socket.getOutputStream().apply { write(head.toByteArray()); write(body); flush() } }
    val answer = socket.getInputStream().readAllBytes().toString(Charsets.ISO_8859_1)
    sent.get(1, TimeUnit.MINUTES)
    answer
}

/** [answer] is a whole problem document of [status] and [type]: with a chunked body, its last chunk too. */
fun assertWholeProblem(answer: String, status: Int, type: String) {
    assertTrue(answer.startsWith("HTTP/1.1 $status"), answer)
    assertTrue(answer.contains("/problems/$type"), answer)
    assertTrue(answer.endsWith("0\r\n\r\n") || !answer.contains("chunked", ignoreCase = true), "the whole chunked body: $answer")
}

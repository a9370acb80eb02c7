package outlay.platform

import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.assertProblem
import outlay.support.assertWholeProblem
import java.io.ByteArrayOutputStream
import java.net.http.HttpRequest.BodyPublishers
import java.util.UUID
import kotlin.test.assertEquals

/**
 * Every multipart operation: a body that is not multipart at all is a 400, never "too large"; only
 * a file or a request over the upload limits (1 MB and 2 MB in tests, ApiTest) is a 413.
 */
class MultipartBodyTest : ApiTest() {
    private val uploads = listOf(
        "/transactions/draft/documents",
        "/transactions/${UUID.randomUUID()}/documents",
        "/transactions/draft/items/${UUID.randomUUID()}/images",
        "/transactions/${UUID.randomUUID()}/items/${UUID.randomUUID()}/images",
        "/imports",
        "/imports/full",
    )

    private fun multipart(body: ByteArray, token: String, path: String): Api.Response =
        api.send("POST", path, BodyPublishers.ofByteArray(body), token, "multipart/form-data; boundary=b0undary")

    @Test
    fun `a JSON document under a multipart content type is a 400 on every upload operation`() {
        val me = Ledger(api)
        me.newDraft()
        // What the fuzzer sent: an opening boundary, then no part headers that ever end (over Tomcat's 512-byte part-header limit).
        val json = (1..40).joinToString(",", "[", "]") { """{"name$it": "value $it", "n": $it}""" }
        val notMultipart = "--b0undary\r\n$json--b0undary--\r\n".toByteArray()
        val shortHeaders = "--b0undary\r\n[1, 2]--b0undary--\r\n".toByteArray()
        val noBoundary = json.toByteArray()
        for (path in uploads) {
            for (body in listOf(notMultipart, shortHeaders, noBoundary)) {
                multipart(body, me.token, path).assertProblem(400, "bad-request")
            }
        }
        assertEquals(0, me.get("/transactions/draft").json.path("documents").size(), "nothing stored")
    }

    @Test
    fun `an upload over the file or the request limit is still a 413`() {
        val me = Ledger(api)
        me.newDraft()
        val bigFile = me.upload("/transactions/draft/documents", Fixtures.PDF + ByteArray(1_100_000), "big.pdf")
        bigFile.assertProblem(413, "payload-too-large")
        // three files under the file limit, together over the request's
        val out = ByteArrayOutputStream()
        repeat(3) { i ->
            out.write("--b0undary\r\nContent-Disposition: form-data; name=\"file$i\"; filename=\"r$i.pdf\"\r\nContent-Type: application/pdf\r\n\r\n".toByteArray())
            out.write(Fixtures.PDF + ByteArray(900_000))
            out.write("\r\n".toByteArray())
        }
        out.write("--b0undary--\r\n".toByteArray())
        for (path in uploads) multipart(out.toByteArray(), me.token, path).assertProblem(413, "payload-too-large")
        assertEquals(0, me.get("/transactions/draft").json.path("documents").size(), "nothing stored")
    }

    /**
     * Tomcat refuses a body over the request limit from its Content-Length, before reading any of it,
     * then reads what is left so that the client can read the answer. Past `server.tomcat.max-swallow-size`
     * it closes the connection with the upload unread, and a close with unread bytes is a reset that can
     * take the unsent end of the 413 with it (a browser then shows "connection reset", not the message).
     */
    @Test
    fun `an upload ten times the request limit still gets its whole 413 and an orderly close`() {
        val me = Ledger(api)
        me.newDraft()
        val body = ByteArray(20 * 1024 * 1024)
        val head = "POST /transactions/draft/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${me.token}\r\n" +
            "Content-Type: multipart/form-data; boundary=b0undary\r\nContent-Length: ${body.size}\r\nConnection: close\r\n\r\n"
        assertWholeProblem(raw(head, body), 413, "payload-too-large")
        assertEquals(0, me.get("/transactions/draft").json.path("documents").size(), "nothing stored")
    }
}

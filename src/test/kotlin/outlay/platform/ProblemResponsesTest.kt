package outlay.platform

import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.assertProblem
import outlay.support.assertWholeProblem
import java.io.ByteArrayInputStream
import java.net.http.HttpRequest.BodyPublishers
import kotlin.test.assertEquals

/** Every 4xx is a problem document with a stable type, and none leaks internals. */
class ProblemResponsesTest : ApiTest() {

    @Test
    fun `malformed JSON`() = assertProblem(api.post("/auth/login", """{"email": "a@b.c", """), 400, "malformed-body")

    @Test
    fun `a JSON value of the wrong type is a field error`() {
        val response = api.post("/auth/login", """{"email": {"nested": true}, "password": "12345678"}""")
        assertProblem(response, 400, "validation")
        assertEquals(listOf("email"), response.errorFields)
    }

    @Test
    fun `wrong content type`() = assertProblem(
        api.send("POST", "/auth/login", BodyPublishers.ofString("email=a"), contentType = "application/x-www-form-urlencoded"),
        415, "unsupported-media-type",
    )

    @Test
    fun `unknown path`() = assertProblem(api.get("/no/such/thing", api.newSession().accessToken), 404, "not-found")

    @Test
    fun `wrong method`() = assertProblem(
        api.send("DELETE", "/me", BodyPublishers.noBody(), api.newSession().accessToken), 405, "method-not-allowed",
    )

    @Test
    fun `oversized body with a declared length`() {
        val big = """{"email":"${"a".repeat(2 * 1024 * 1024)}@x.io","password":"12345678"}"""
        assertProblem(api.post("/auth/login", big), 413, "payload-too-large")
    }

    /** Refused from its Content-Length before a byte of it is read, the rest read and dropped: the client reads the whole 413 (MultipartBodyTest). */
    @Test
    fun `a JSON body twenty times the limit still gets its whole 413 and an orderly close`() {
        val body = ByteArray(20 * 1024 * 1024) { ' '.code.toByte() }
        val head = "POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
            "Content-Length: ${body.size}\r\nConnection: close\r\n\r\n"
        assertWholeProblem(raw(head, body), 413, "payload-too-large")
    }

    @Test
    fun `oversized streamed body`() {
        val big = """{"email":"${"a".repeat(2 * 1024 * 1024)}@x.io","password":"12345678"}""".toByteArray()
        // ofInputStream has no length, so the client sends it chunked
        val response = api.send(
            "POST", "/auth/register", BodyPublishers.ofInputStream { ByteArrayInputStream(big) }, contentType = "application/json",
        )
        assertProblem(response, 413, "payload-too-large")
    }

    @Test
    fun `oversized request does not register anyone`() {
        val email = Api.uniqueEmail()
        val body = """{"email":"$email","password":"12345678","displayName":"${"n".repeat(2 * 1024 * 1024)}"}"""
        assertProblem(api.post("/auth/register", body), 413, "payload-too-large")
        assertEquals(401, api.login(email, "12345678").status)
    }

    private fun assertProblem(response: Api.Response, status: Int, type: String) = response.assertProblem(status, type)
}

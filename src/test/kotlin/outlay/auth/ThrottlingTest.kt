package outlay.auth

import io.micrometer.core.instrument.MeterRegistry
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension
import org.springframework.test.context.TestPropertySource
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.assertProblem
import java.util.concurrent.CountDownLatch
import java.util.concurrent.TimeUnit
import kotlin.concurrent.thread
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** Per-account limits, the bounded hashing pool, and the slow request/SQL warnings. */
@TestPropertySource(
    properties = [
        "outlay.auth.rate-limit.per-account.capacity=3",
        "outlay.auth.password-hash.threads=1",
        "outlay.auth.password-hash.queue-capacity=1",
        "outlay.observability.slow-request=0ms",
        "outlay.observability.slow-sql=0ms",
    ],
)
@ExtendWith(OutputCaptureExtension::class)
class ThrottlingTest : ApiTest() {
    @Autowired
    lateinit var hasher: PasswordHasher

    @Autowired
    lateinit var meters: MeterRegistry

    @Test
    fun `failed logins on one account are limited, with Retry-After`() {
        val email = Api.uniqueEmail()
        api.register(email)
        repeat(3) { assertEquals(401, api.login(email, "wrong password").status) }
        val limited = api.login(email, "wrong password")
        assertEquals(429, limited.status)
        assertEquals("/problems/rate-limited", limited.text("type"))
        assertTrue(limited.header("Retry-After")!!.toLong() >= 1)
        assertEquals(429, api.login(email).status, "the right password waits too")
        assertEquals(401, api.login(Api.uniqueEmail(), "wrong password").status, "other accounts are unaffected")
    }

    @Test
    fun `wrong passwords on account deletion and password change count against the login's limit, as documented`() {
        val session = api.newSession()
        val token = session.accessToken
        fun leave(password: String) = api.post("/me/delete", mapOf("password" to password), token)
        fun change(current: String) = api.post("/me/password", mapOf("currentPassword" to current, "newPassword" to "another good password"), token)
        assertEquals(403, leave("wrong password").status)
        assertEquals(403, change("wrong password").status)
        assertEquals(401, api.login(session.email, "wrong password").status)
        val limited = leave("wrong password")
        limited.assertProblem(429, "rate-limited")
        assertTrue(limited.header("Retry-After")!!.toLong() >= 1)
        change("wrong password").assertProblem(429, "rate-limited")
        assertEquals(429, leave(session.password).status, "the right password waits too")
        assertEquals(429, api.login(session.email).status, "one bucket per account, shared with signing in")
        assertEquals(200, api.get("/me", token).status, "the account is still there")

        // Every operation whose body carries a password documents the 429 and its Retry-After.
        val document = api.get("/v3/api-docs").json
        val schemas = document.path("components").path("schemas")
        val checked = document.path("paths").properties().flatMap { (path, item) ->
            item.properties().filter { (_, op) ->
                val ref = op.path("requestBody").path("content").path("application/json").path("schema").findValues("\$ref").map { it.asString() }
                ref.any { r -> schemas.path(r.substringAfterLast('/')).path("properties").properties().any { "password" in it.key.lowercase() } }
            }.map { (method, op) -> Triple(path, method, op) }
        }
        assertEquals(
            setOf("post /auth/register", "post /auth/login", "post /me/password", "post /me/delete"),
            checked.map { (path, method, _) -> "$method $path" }.toSet(),
        )
        for ((path, method, op) in checked) {
            val tooMany = op.path("responses").path("429")
            assertTrue(tooMany.path("content").has("application/problem+json"), "$method $path: $tooMany")
            assertTrue(tooMany.path("headers").path("Retry-After").path("required").asBoolean(), "$method $path: $tooMany")
        }
    }

    @Test
    fun `successful logins do not use up the account's attempts`() {
        val email = Api.uniqueEmail()
        api.register(email)
        repeat(6) { assertEquals(200, api.login(email).status) }
    }

    @Test
    fun `a full hashing queue answers 503 at once instead of queueing`() {
        val email = Api.uniqueEmail()
        api.register(email)
        val release = CountDownLatch(1)
        val running = CountDownLatch(1)
        val before = meters.counter("outlay.password.hash.rejected").count()
        // occupy the single hashing thread, then its single queue slot
        val busy = thread { hasher.run { running.countDown(); release.await() } }
        assertTrue(running.await(10, TimeUnit.SECONDS))
        val queued = thread { hasher.run { } }
        awaitQueued(1)
        try {
            val response = api.login(email)
            assertEquals(503, response.status, response.body)
            assertEquals("/problems/overloaded", response.text("type"))
            assertEquals("1", response.header("Retry-After"))
            assertEquals(before + 1, meters.counter("outlay.password.hash.rejected").count())
        } finally {
            release.countDown()
            busy.join()
            queued.join()
        }
        assertEquals(200, api.login(email).status, "the pool recovers once the queue drains")
    }

    @Test
    fun `slow requests and statements are logged by route and SQL text, without values`(output: CapturedOutput) {
        val session = api.newSession()
        api.get("/me", session.accessToken)
        assertTrue(output.out.contains("Slow request: GET /me took"), "no slow-request line for GET /me")
        val sqlLines = output.out.lines().filter { "Slow SQL:" in it }
        assertTrue(sqlLines.any { "from \"users\"" in it.lowercase() || "from users" in it.lowercase() }, "no slow-SQL line for users")
        assertFalse(sqlLines.any { session.email in it }, "a bound value leaked into the log")
    }

    private fun awaitQueued(expected: Int) {
        val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10)
        while (meters.get("executor.queued").tag("name", "password.hash").gauge().value() < expected) {
            check(System.nanoTime() < deadline) { "hash job never queued" }
            Thread.sleep(5)
        }
    }
}

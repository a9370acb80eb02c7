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

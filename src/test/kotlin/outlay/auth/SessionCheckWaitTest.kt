package outlay.auth

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.test.context.TestPropertySource
import outlay.platform.OutageAwareDataSource
import outlay.support.ApiTest
import java.util.UUID
import java.util.concurrent.CompletableFuture
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * A bearer token's session check that waits for the database holds up nothing else. The check once
 * looked its session up inside the answer cache's computation, holding a lock of the cache's map while
 * it waited for a connection; the cache's upkeep then waited for that lock and every other request's
 * check for the upkeep, so under overload requests queued behind one slow lookup for 60-76 s (the lab's
 * warm-up at 950 requests/s, 2026-12-06).
 */
@TestPropertySource(properties = ["spring.datasource.hikari.maximum-pool-size=2", "spring.datasource.hikari.connection-timeout=30000"])
class SessionCheckWaitTest : ApiTest() {
    @Autowired
    private lateinit var dataSource: OutageAwareDataSource

    @Autowired
    private lateinit var revocations: SessionRevocations

    @Test
    fun `a session's end is recorded while its check waits for a connection, and the check's older answer does not undo it`() {
        val user = UUID.randomUUID()
        val session = UUID.randomUUID() // no such session in the database: its lookup answers "not ended"
        val token = Jwt.withTokenValue("t").header("alg", "none").subject(user.toString()).claim("sid", session.toString()).build()
        val pool = dataSource.pool.hikariPoolMXBean
        lateinit var lookup: CompletableFuture<Boolean>
        dataSource.connection.use { _ ->
            dataSource.connection.use { _ ->
                lookup = CompletableFuture.supplyAsync { revocations.validate(token).hasErrors() }
                val deadline = System.nanoTime() + 20_000_000_000 // a bound on a hang, not a timing
                while (pool.threadsAwaitingConnection == 0) {
                    check(System.nanoTime() < deadline && !lookup.isDone) { "the check never waited for a connection" }
                    Thread.sleep(1)
                }
                revocations.ended(user, listOf(session))
                // Recorded while the check still waits (it waits until a connection comes free): ended() did not
                // wait for the lookup. Before, it waited until the check's wait for the pool timed out.
                assertEquals(1, pool.threadsAwaitingConnection, "the session's end waited for the check's lookup")
                assertFalse(lookup.isDone, "the session's end waited for the check's lookup")
            }
        }
        // the check's lookup read the session as live, but the end recorded meanwhile is its answer, and it stays
        assertTrue(lookup.join(), "the check that finished after the end let its token through")
        assertTrue(revocations.validate(token).hasErrors(), "the end is kept: the check's older answer did not replace it")
    }
}

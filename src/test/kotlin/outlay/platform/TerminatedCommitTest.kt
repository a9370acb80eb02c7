package outlay.platform

import com.zaxxer.hikari.HikariConfig
import com.zaxxer.hikari.HikariDataSource
import org.junit.jupiter.api.Test
import org.springframework.jdbc.datasource.DataSourceUtils
import org.springframework.jdbc.support.JdbcTransactionManager
import org.springframework.transaction.PlatformTransactionManager
import org.springframework.transaction.TransactionSystemException
import org.springframework.transaction.support.TransactionTemplate
import kotlin.test.assertFailsWith
import kotlin.test.assertNotNull
import kotlin.test.assertNull

/**
 * PostgreSQL ends a session in the middle of a transaction (as `pg_ctl stop` does under load):
 * the commit fails and the pool closes the connection. The failure must reach the caller as the
 * connection failure it is (a 503), not as the rollback that Spring then tries on the closed
 * connection (a 500). Runs in both passes against the suite's PostgreSQL server.
 */
class TerminatedCommitTest {
    private fun pool() = HikariDataSource(HikariConfig().apply {
        jdbcUrl = System.getenv("OUTLAY_TEST_PG_URL") ?: error("needs OUTLAY_TEST_PG_URL (scripts/test.sh starts a server and sets it)")
        username = System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay"
        maximumPoolSize = 2
    })

    /** Runs a transaction whose session another connection terminates before the commit; returns the failure. */
    private fun commitOnTerminatedSession(pool: HikariDataSource, manager: PlatformTransactionManager): Exception =
        assertFailsWith<Exception> {
            TransactionTemplate(manager).executeWithoutResult {
                val connection = DataSourceUtils.getConnection(pool)
                val pid = connection.createStatement().use { s -> s.executeQuery("select pg_backend_pid()").use { it.next(); it.getInt(1) } }
                pool.connection.use { other -> other.createStatement().use { it.execute("select pg_terminate_backend($pid)") } }
            }
        }

    @Test
    fun `the commit's connection failure reaches the caller`() {
        pool().use { pool ->
            val failure = commitOnTerminatedSession(pool, OutageTolerantTransactionManager(pool))
            assertNotNull(DatabaseAvailability.unreachableCause(failure), "an outage: $failure")
        }
    }

    @Test
    fun `without it the rollback failure hides the outage`() {
        pool().use { pool ->
            val failure = commitOnTerminatedSession(pool, JdbcTransactionManager(pool))
            kotlin.test.assertIs<TransactionSystemException>(failure)
            assertNull(DatabaseAvailability.unreachableCause(failure), "the case the manager exists for: $failure")
        }
    }
}

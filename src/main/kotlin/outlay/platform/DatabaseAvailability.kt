package outlay.platform

import com.zaxxer.hikari.HikariDataSource
import org.slf4j.LoggerFactory
import org.springframework.boot.health.contributor.Health
import org.springframework.boot.health.contributor.HealthIndicator
import org.springframework.stereotype.Component
import org.springframework.transaction.TransactionSystemException
import java.net.ConnectException
import java.sql.DriverManager
import java.sql.SQLException
import java.sql.SQLTransientConnectionException
import java.time.Duration
import java.util.Properties
import java.util.concurrent.atomic.AtomicReference
import javax.sql.DataSource

/**
 * Whether the database can be reached. The first request that fails for want of a connection
 * marks it unreachable (one warning); from then on requests are answered 503 at once instead of
 * each waiting for the pool ([DatabaseGuardFilter]), readiness says DOWN without touching the
 * pool, and a background probe connects every [PROBE_INTERVAL] until a connection works (one
 * warning: the outage is over). Queries that fail for other reasons change nothing.
 *
 * The pool is suspended for the outage: left alone it keeps reconnecting with a back-off that
 * grows to 5 s (fixed in Hikari), so after a 10 s outage it found the database again only ~5 s
 * after its return. The probe connects through the driver itself instead, and resuming the
 * pool makes it fill at once: traffic resumes within about one probe interval.
 */
@Component("dbHealthIndicator") // replaces Spring Boot's `db` indicator, which waits for the pool while the database is down
class DatabaseAvailability(private val dataSource: DataSource) : HealthIndicator {
    private val log = LoggerFactory.getLogger(javaClass)
    private val downSince = AtomicReference<Long?>(null)
    private val guard = runCatching { dataSource.unwrap(OutageAwareDataSource::class.java) }.getOrNull()

    /** The pool itself: the probe asks it while the guard refuses everyone else. */
    private val pool: DataSource = guard?.pool ?: dataSource
    private val hikari = pool as? HikariDataSource

    val isDown: Boolean get() = downSince.get() != null

    /** Marks the database unreachable if [e] says so (connection refused, lost or shut down); returns whether it did. */
    fun failed(e: Throwable): Boolean {
        val cause = unreachableCause(e) ?: return false
        if (downSince.compareAndSet(null, System.nanoTime())) {
            log.warn("Database unreachable ({}): answering 503 until it is back", cause)
            guard?.refuse() // requests already waiting for a connection: 503 now, not after the pool's time-out
            evictPooledConnections()
            Thread.ofVirtual().name("database-probe").start(::probe)
        }
        return true
    }

    /**
     * The answer to a failure that is the database's rather than the request's: [DatabaseUnavailableException] when
     * [e] says it cannot be reached (marking the outage, as [failed] does), [ServerBusyException] when no connection
     * came free within the pool's time-out while it can (overload); null for any other failure.
     */
    fun unavailable(e: Throwable): ApiException? = when {
        failed(e) -> DatabaseUnavailableException()
        generateSequence(e) { it.cause }.any { it is SQLTransientConnectionException } -> ServerBusyException()
        else -> null
    }

    override fun health(): Health {
        if (isDown) return Health.down().withDetail("reason", "unreachable").build()
        return try {
            dataSource.connection.use { if (it.isValid(1)) Health.up().build() else Health.down().build() }
        } catch (e: SQLException) {
            failed(e)
            Health.down().withDetail("reason", "unreachable").build()
        }
    }

    private fun probe() {
        // waits for requests still inside the pool's getConnection: refuse() has woken them
        hikari?.hikariPoolMXBean?.suspendPool()
        while (true) {
            Thread.sleep(PROBE_INTERVAL)
            if (reachable()) {
                // connections opened before the outage are dead: drop them before traffic resumes,
                // or the first requests fail on them and the outage seems to start again
                evictPooledConnections()
                hikari?.hikariPoolMXBean?.resumePool() // fills the pool now, without the back-off
                guard?.accept()
                val since = downSince.getAndSet(null) ?: return
                log.warn("Database reachable again after {} ms", Duration.ofNanos(System.nanoTime() - since).toMillis())
                return
            }
        }
    }

    private fun evictPooledConnections() {
        hikari?.hikariPoolMXBean?.softEvictConnections()
    }

    /** One connection through the driver, outside the (suspended) pool. */
    private fun reachable(): Boolean = runCatching {
        val url = hikari?.jdbcUrl
        val connection = if (url == null) {
            pool.connection
        } else {
            val properties = Properties().apply {
                putAll(hikari.dataSourceProperties)
                hikari.username?.let { put("user", it) }
                hikari.password?.let { put("password", it) }
            }
            DriverManager.getConnection(url, properties)
        }
        connection.use { it.isValid(1) }
    }.getOrDefault(false)

    companion object {
        private val PROBE_INTERVAL = Duration.ofMillis(250)

        /**
         * A short description when [e] means "no connection to the database": SQLSTATE class 08
         * (connection exception), 57P01–57P03 (PostgreSQL shutting down, crashed, starting up),
         * a refused socket, or the pool's time-out when its last attempt to connect failed. A pool
         * time-out without a failed connection means the pool is busy: that is overload, not an outage.
         */
        fun unreachableCause(e: Throwable): String? = generateSequence(e) { it.cause }.firstNotNullOfOrNull { t ->
            when {
                t is SQLTransientConnectionException -> t.cause?.let { unreachableCause(it) }
                // a failed rollback after a lost connection hides the original failure here
                t is TransactionSystemException -> t.applicationException?.let { unreachableCause(it) }
                t is SQLException && (t.sqlState?.startsWith("08") == true || t.sqlState in SHUTDOWN_STATES) -> "SQLSTATE ${t.sqlState}: ${t.message}"
                t is ConnectException -> t.message ?: "connection refused"
                else -> null
            }
        }

        private val SHUTDOWN_STATES = setOf("57P01", "57P02", "57P03")
    }
}

package outlay.platform

import com.zaxxer.hikari.HikariDataSource
import org.springframework.beans.factory.config.BeanPostProcessor
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.jdbc.datasource.DelegatingDataSource
import java.sql.Connection
import java.sql.SQLException

/**
 * The pool as the application sees it, so that an outage answers in-flight requests at once too.
 * [DatabaseGuardFilter] turns away requests that arrive after the outage is known; requests that
 * were already waiting for a connection would otherwise wait out the pool's whole connection
 * time-out (5 s), since Hikari does not wake its waiters when its attempts to connect fail. While
 * [refusing], a request asking for a connection gets a connection failure (SQLSTATE 08001, a
 * `database-unavailable` 503) at once, and [refuse] wakes the ones already waiting.
 */
class OutageAwareDataSource(val pool: HikariDataSource) : DelegatingDataSource(pool) {
    @Volatile
    var refusing = false
        private set
    private val waiting = HashSet<Thread>()

    /** From now on refuse, and wake every request waiting for a connection (Hikari gives up on an interrupt). */
    fun refuse() {
        refusing = true
        synchronized(waiting) { waiting.forEach { it.interrupt() } }
    }

    fun accept() {
        refusing = false
    }

    override fun getConnection(): Connection = guarded { super.getConnection() }

    override fun getConnection(username: String, password: String): Connection = guarded { super.getConnection(username, password) }

    private fun guarded(connect: () -> Connection): Connection {
        if (refusing) throw unavailable(null)
        val me = Thread.currentThread()
        synchronized(waiting) { waiting += me }
        try {
            return connect()
        } catch (e: SQLException) {
            throw if (refusing) unavailable(e) else e
        } finally {
            synchronized(waiting) { waiting -= me } // no interrupt can come after this
            if (refusing) Thread.interrupted() // the interrupt that woke us was ours: clear it
        }
    }

    private fun unavailable(cause: Throwable?) = SQLException("the database is unreachable (outage in progress)", "08001", cause)
}

@Configuration(proxyBeanMethods = false)
class OutageAwareDataSourceConfig {
    companion object {
        /** Wraps the pool Spring Boot builds; static, as a post-processor must be. */
        @Bean
        @JvmStatic
        fun outageAwareDataSourcePostProcessor(): BeanPostProcessor {
            // DatabaseAvailability suspends the pool during an outage (allow-pool-suspension in
            // application.yaml); a request that slipped past the guard then gets an exception at
            // once (a 503) instead of blocking, uninterruptibly, until the pool resumes
            System.setProperty("com.zaxxer.hikari.throwIfSuspended", "true")
            return wrapper
        }

        private val wrapper = object : BeanPostProcessor {
            override fun postProcessAfterInitialization(bean: Any, beanName: String): Any =
                if (bean is HikariDataSource) OutageAwareDataSource(bean) else bean
        }
    }
}

package outlay.platform

import org.jooq.ExecuteContext
import org.jooq.ExecuteListener
import org.jooq.ExecuteListenerProvider
import org.slf4j.LoggerFactory
import org.springframework.stereotype.Component
import java.util.concurrent.TimeUnit

/**
 * Warns about SQL statements slower than `outlay.observability.slow-sql`. jOOQ renders bind
 * values as `?`, so the logged text never carries user data.
 */
@Component
class SlowSqlListener(props: ObservabilityProperties) : ExecuteListenerProvider {
    private val log = LoggerFactory.getLogger(javaClass)
    private val thresholdNanos = props.slowSql.toNanos()

    override fun provide(): ExecuteListener = object : ExecuteListener {
        private var start = 0L

        override fun executeStart(ctx: ExecuteContext) {
            start = System.nanoTime()
        }

        override fun executeEnd(ctx: ExecuteContext) {
            val elapsed = System.nanoTime() - start
            if (elapsed >= thresholdNanos) {
                log.warn("Slow SQL: {} ms: {}", TimeUnit.NANOSECONDS.toMillis(elapsed), ctx.sql())
            }
        }
    }
}

package outlay.observability

import io.micrometer.tracing.Span
import org.jooq.ExecuteContext
import org.jooq.ExecuteListener
import org.jooq.ExecuteListenerProvider
import org.slf4j.LoggerFactory
import org.springframework.stereotype.Component
import outlay.observability.console.SqlStatistics
import java.util.concurrent.TimeUnit

/**
 * One jOOQ listener per statement does all SQL observation: counts the statement for the
 * request's `outlay.sql.statements`, opens a span (statement text, rows) when tracing is on,
 * keeps per-statement totals for the console ([SqlStatistics]) and warns about statements
 * slower than `outlay.observability.slow-sql`. jOOQ renders bind values
 * as `?`, so neither the span nor the log line carries user data. The warning is logged inside
 * the request, so it carries the request's trace and span ids.
 */
@Component
class SqlObserver(
    props: ObservabilityProperties,
    private val spans: Spans,
    private val statistics: SqlStatistics,
) : ExecuteListenerProvider {
    private val log = LoggerFactory.getLogger(javaClass)
    private val thresholdNanos = props.slowSql.toNanos()

    override fun provide(): ExecuteListener = Listener()

    private inner class Listener : ExecuteListener {
        private var start = 0L
        private var span: Span? = null
        /** Rows read so far, or -1 when the statement returns none (an update): counted per record, whatever way the caller fetches. */
        private var returned = -1L

        override fun executeStart(ctx: ExecuteContext) {
            RequestStatements.increment()
            start = System.nanoTime()
            if (spans.enabled) {
                val sql = ctx.sql() ?: ""
                span = spans.start("sql ${sql.substringBefore(' ').lowercase()}")?.apply {
                    tag("db.system.name", ctx.dialect().family().name.lowercase())
                    tag("db.query.text", sql)
                }
            }
        }

        override fun executeEnd(ctx: ExecuteContext) {
            val elapsed = System.nanoTime() - start
            ctx.sql()?.let { statistics.record(it, elapsed, span?.context()?.traceId()) }
            if (elapsed >= thresholdNanos) {
                log.warn("Slow SQL: {} ms: {}", TimeUnit.NANOSECONDS.toMillis(elapsed), ctx.sql())
            }
            if (ctx.rows() >= 0) span?.tag("db.response.affected_rows", ctx.rows().toLong())
        }

        override fun fetchStart(ctx: ExecuteContext) {
            returned = 0
        }

        override fun recordEnd(ctx: ExecuteContext) {
            returned++
        }

        override fun exception(ctx: ExecuteContext) {
            ctx.exception()?.let { span?.error(it) }
            finish()
        }

        override fun end(ctx: ExecuteContext) = finish()

        private fun finish() {
            if (returned >= 0) span?.tag("db.response.returned_rows", returned)
            span?.end()
            span = null
            returned = -1
        }
    }
}

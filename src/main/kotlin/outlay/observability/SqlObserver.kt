package outlay.observability

import io.opentelemetry.api.common.AttributeKey
import io.opentelemetry.api.trace.Span
import io.opentelemetry.api.trace.StatusCode
import io.opentelemetry.api.trace.Tracer
import org.jooq.ExecuteContext
import org.jooq.ExecuteListener
import org.jooq.ExecuteListenerProvider
import org.jooq.SQLDialect
import org.slf4j.LoggerFactory
import org.springframework.beans.factory.ObjectProvider
import org.springframework.stereotype.Component
import outlay.observability.console.SqlStatistics
import java.util.EnumMap
import java.util.concurrent.TimeUnit

/**
 * One jOOQ listener per statement does all SQL observation: counts the statement for the
 * request's `outlay.sql.statements`, opens a span (statement text, rows) when tracing is on,
 * keeps per-statement totals for the console ([SqlStatistics]) and warns about statements
 * slower than `outlay.observability.slow-sql`. jOOQ renders bind values
 * as `?`, so neither the span nor the log line carries user data. The warning is logged inside
 * the request, so it carries the request's trace and span ids.
 *
 * SQL spans are most of a trace (three in four of the lab's spans), so they take the
 * OpenTelemetry API directly rather than Micrometer's bridge: the SDK picks the request's span
 * as parent from the current context (the same one the bridge would read), the attributes go
 * in with keys made once, and no bridge wrappers are made per statement. The export (the SDK's
 * batch processor) is the same for every span.
 */
@Component
class SqlObserver(
    props: ObservabilityProperties,
    spans: Spans,
    otelTracer: ObjectProvider<Tracer>,
    private val statistics: SqlStatistics,
) : ExecuteListenerProvider {
    private val log = LoggerFactory.getLogger(javaClass)
    private val thresholdNanos = props.slowSql.toNanos()
    /** Null when tracing is off: then no span is started and a statement pays this one comparison. */
    private val tracer: Tracer? = if (spans.enabled) otelTracer.getIfAvailable() else null

    override fun provide(): ExecuteListener = Listener()

    private inner class Listener : ExecuteListener {
        private var start = 0L
        private var span: Span? = null
        /** Rows read so far, or -1 when the statement returns none (an update): counted per record, whatever way the caller fetches. */
        private var returned = -1L

        override fun executeStart(ctx: ExecuteContext) {
            RequestStatements.increment()
            start = System.nanoTime()
            if (tracer != null) {
                val sql = ctx.sql() ?: ""
                span = tracer.spanBuilder(spanName(sql))
                    .setAttribute(DB_SYSTEM, SYSTEMS[ctx.dialect()] ?: "other_sql")
                    .setAttribute(DB_QUERY_TEXT, sql)
                    .startSpan()
            }
        }

        override fun executeEnd(ctx: ExecuteContext) {
            val elapsed = System.nanoTime() - start
            ctx.sql()?.let { statistics.record(it, elapsed, span?.spanContext?.traceId) }
            if (elapsed >= thresholdNanos) {
                log.warn("Slow SQL: {} ms: {}", TimeUnit.NANOSECONDS.toMillis(elapsed), ctx.sql())
            }
            if (ctx.rows() >= 0) span?.setAttribute(AFFECTED_ROWS, ctx.rows().toLong())
        }

        override fun fetchStart(ctx: ExecuteContext) {
            // A write run as a result query (JoinedWrites) has no result set, and jOOQ hands its update count over as
            // one row: no row it returned. Such a statement's count is set by now; a result set's is not.
            if (ctx.rows() < 0) returned = 0
        }

        override fun recordEnd(ctx: ExecuteContext) {
            if (returned >= 0) returned++
        }

        override fun exception(ctx: ExecuteContext) {
            ctx.exception()?.let { e -> span?.recordException(e)?.setStatus(StatusCode.ERROR, e.message ?: e.javaClass.name) }
            finish()
        }

        override fun end(ctx: ExecuteContext) = finish()

        private fun finish() {
            if (returned >= 0) span?.setAttribute(RETURNED_ROWS, returned)
            span?.end()
            span = null
            returned = -1
        }
    }

    companion object {
        private val DB_SYSTEM = AttributeKey.stringKey("db.system.name")
        private val DB_QUERY_TEXT = AttributeKey.stringKey("db.query.text")
        private val AFFECTED_ROWS = AttributeKey.longKey("db.response.affected_rows")
        private val RETURNED_ROWS = AttributeKey.longKey("db.response.returned_rows")
        private val SYSTEMS = EnumMap<SQLDialect, String>(SQLDialect::class.java).apply {
            SQLDialect.entries.forEach { put(it, it.family().name.lowercase()) }
        }
        /** The names of the statements jOOQ renders, made once: no substring or lower-casing per statement. */
        private val NAMES = listOf("select", "insert", "update", "delete", "with", "merge").map { "$it " to "sql $it" }

        /** "sql select" for `select ...`: the statement's first word, lower case. */
        fun spanName(sql: String): String {
            for ((prefix, name) in NAMES) if (sql.regionMatches(0, prefix, 0, prefix.length, ignoreCase = true)) return name
            return "sql ${sql.substringBefore(' ').lowercase()}"
        }
    }
}

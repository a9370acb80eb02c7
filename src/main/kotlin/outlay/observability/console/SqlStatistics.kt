package outlay.observability.console

import org.springframework.stereotype.Component
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.AtomicLong
import java.util.concurrent.atomic.LongAdder

/** One normalised statement's totals since start; [slowestTraceId] names the trace of its slowest run (tracing on). */
data class SqlStatementStats(val sql: String, val count: Long, val meanMillis: Double, val maxMillis: Double, val slowestTraceId: String?)

/**
 * Per-statement totals for the operator console's "slowest SQL": count, mean and max time of
 * each distinct statement text, with `IN (?, ?, …)` lists folded so one query is one row.
 * Bounded: past [LIMIT] distinct texts new ones are not tracked (generated SQL has few shapes).
 */
@Component
class SqlStatistics {
    private val stats = ConcurrentHashMap<String, Entry>()
    /** Statement text with an `IN` list -> its folded form: the regular expression runs once per distinct text, not per statement. */
    private val folded = ConcurrentHashMap<String, String>()

    fun record(sql: String, nanos: Long, traceId: String?) {
        val key = key(sql)
        val entry = stats[key] ?: if (stats.size < LIMIT) stats.computeIfAbsent(key) { Entry() } else return
        entry.count.increment()
        entry.total.add(nanos)
        while (true) {
            val max = entry.max.get()
            if (nanos <= max) break
            if (entry.max.compareAndSet(max, nanos)) {
                entry.slowestTrace = traceId
                break
            }
        }
    }

    private fun key(sql: String): String {
        if (!hasList(sql)) return sql
        return folded[sql] ?: normalise(sql).also { if (folded.size < FOLDED_LIMIT) folded[sql] = it }
    }

    fun slowest(limit: Int): List<SqlStatementStats> = stats.entries.map { (sql, e) ->
        val count = e.count.sum()
        SqlStatementStats(sql, count, if (count == 0L) 0.0 else e.total.sum() / count / 1e6, e.max.get() / 1e6, e.slowestTrace)
    }.sortedByDescending { it.maxMillis }.take(limit)

    private class Entry {
        val count = LongAdder()
        val total = LongAdder()
        val max = AtomicLong()
        @Volatile var slowestTrace: String? = null
    }

    companion object {
        const val LIMIT = 2000
        /** Distinct raw texts remembered (one shape per list length); past it the rare new one is folded each time. */
        private const val FOLDED_LIMIT = 4 * LIMIT
        private val IN_LIST = Regex("""\((?:cast\(\? as [a-z ]+\)|\?)(?:, (?:cast\(\? as [a-z ]+\)|\?))+\)""")

        private fun hasList(sql: String) = "?, " in sql || "), cast(" in sql

        fun normalise(sql: String): String = if (hasList(sql)) IN_LIST.replace(sql, "(…)") else sql
    }
}

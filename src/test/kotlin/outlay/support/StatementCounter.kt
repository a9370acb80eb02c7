package outlay.support

import org.jooq.ExecuteContext
import org.jooq.ExecuteListener
import org.jooq.ExecuteListenerProvider
import java.util.concurrent.atomic.AtomicInteger

/** Counts the SQL statements jOOQ executes, so tests can assert a request's statement count. */
class StatementCounter : ExecuteListenerProvider {
    private val count = AtomicInteger()
    private val texts = java.util.concurrent.ConcurrentLinkedQueue<String>()
    @Volatile private var capturing = false

    /** The statements' SQL executed while [block] ran, in order. */
    fun <T> capture(block: () -> T): Pair<T, List<String>> {
        texts.clear()
        capturing = true
        try {
            return block() to texts.toList()
        } finally {
            capturing = false
        }
    }

    /** Statements executed while [block] ran (tests run one request at a time). */
    fun <T> count(block: () -> T): Pair<T, Int> {
        val before = count.get()
        val result = block()
        return result to (count.get() - before)
    }

    override fun provide(): ExecuteListener = object : ExecuteListener {
        override fun executeStart(ctx: ExecuteContext) {
            count.incrementAndGet()
            if (capturing) texts.add(ctx.sql() ?: "")
        }
    }
}

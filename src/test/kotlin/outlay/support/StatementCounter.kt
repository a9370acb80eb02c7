package outlay.support

import org.jooq.ExecuteContext
import org.jooq.ExecuteListener
import org.jooq.ExecuteListenerProvider
import org.springframework.transaction.TransactionExecution
import org.springframework.transaction.TransactionExecutionListener
import java.util.concurrent.atomic.AtomicInteger

/**
 * Counts the SQL statements jOOQ executes, so tests can assert a request's statement count. A JDBC
 * batch of several statements is one round trip, but each of them is parsed, planned and run on its
 * own, so each counts. (The code uses no batch of one statement with several bind sets.) Also counts
 * the database transactions begun (Boot hands every [TransactionExecutionListener] bean to the
 * transaction manager): each is a `BEGIN` and a `COMMIT` more, and a read needs none.
 */
class StatementCounter : ExecuteListenerProvider, TransactionExecutionListener {
    private val texts = java.util.concurrent.ConcurrentLinkedQueue<String>()
    private val begun = AtomicInteger()
    @Volatile private var capturing = false

    /** The transactions begun during the last [capture]. */
    val transactions: Int get() = begun.get()

    /** The statements' SQL executed while [block] ran, in order. */
    fun <T> capture(block: () -> T): Pair<T, List<String>> {
        texts.clear()
        begun.set(0)
        capturing = true
        try {
            return block() to texts.toList()
        } finally {
            capturing = false
        }
    }

    override fun afterBegin(transaction: TransactionExecution, beginFailure: Throwable?) {
        if (capturing && beginFailure == null) begun.incrementAndGet()
    }

    /**
     * Statements executed while [block] ran (tests run one request at a time), without the periodic session check
     * ([isSessionCheck]): whether that lands inside the window depends on the machine's speed, not on the request.
     */
    fun <T> count(block: () -> T): Pair<T, Int> {
        val (result, sql) = capture(block)
        return result to sql.count { !isSessionCheck(it) }
    }

    companion object {
        /** `SessionRevocations`' lookup: once per `outlay.auth.session-check-interval` and session, on whichever request comes. */
        fun isSessionCheck(sql: String) = sql.startsWith("select") && sql.contains("\"refresh_token\"")
    }

    override fun provide(): ExecuteListener = object : ExecuteListener {
        override fun executeStart(ctx: ExecuteContext) {
            if (!capturing) return
            if (ctx.batchMode() == ExecuteContext.BatchMode.MULTIPLE) texts.addAll(ctx.batchSQL()) else texts.add(ctx.sql() ?: "")
        }
    }
}

package outlay.ledger

import org.jooq.ExecuteContext
import org.jooq.ExecuteListener
import org.postgresql.PGStatement

/**
 * Has PostgreSQL plan a statement for its own bind values on every run, never a cached generic
 * plan. The driver turns a statement run five times into a server-side prepared one, and
 * PostgreSQL then may settle on one plan for all values; for the text search that plan cannot
 * tell a rare word (look it up in the trigram index) from a common one (walk the date index), and
 * after a few short words it settled on walking: 565 ms for a rare word at 100,000 transactions
 * against 0.4 ms planned for it. The values stay bind values (logs and traces carry none); the
 * cost is planning each run (under a millisecond). Does nothing on H2.
 */
internal object PlanPerRun : ExecuteListener {
    override fun prepareEnd(ctx: ExecuteContext) {
        val statement = ctx.statement() ?: return
        if (statement.isWrapperFor(PGStatement::class.java)) statement.unwrap(PGStatement::class.java).prepareThreshold = 0
    }
}

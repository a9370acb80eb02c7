package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Query
import org.jooq.SQLDialect
import org.springframework.stereotype.Component

/**
 * Writes that need nothing from one another's results, run in their order. On PostgreSQL they go
 * as one statement, all but the last as data-modifying `WITH` parts: one parse, plan and round trip
 * instead of one each, while the request holds the user's lock. H2 has no writes in `WITH`, so
 * there they run one by one.
 *
 * Only for writes that do not read rows another of them writes: the parts of one PostgreSQL
 * statement share its snapshot, and none sees another's changes. Foreign keys are checked and
 * cascades applied at the statement's end, after all parts, so a part may insert rows that
 * reference an earlier part's rows, and the last may delete rows an earlier part copies.
 */
@Component
class JoinedWrites(private val db: DSLContext) {
    fun execute(writes: List<Query>) {
        if (writes.size < 2 || db.dialect().family() != SQLDialect.POSTGRES) {
            writes.forEach { it.execute() }
            return
        }
        val parts = writes.dropLast(1).indices.joinToString(", ") { "w$it as ({$it})" }
        db.execute("with $parts {${writes.size - 1}}", *writes.toTypedArray())
    }
}

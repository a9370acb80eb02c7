package outlay.exchange.dump

import org.jooq.DSLContext
import org.springframework.stereotype.Component
import org.springframework.transaction.annotation.Transactional
import outlay.auth.AuthService
import java.util.UUID

/**
 * Deletes every row of a user: each table with a `user_id`, children before parents (a table
 * referring to itself, its child rows first), then the user. Explicit rather than left to the
 * cascading foreign keys, because H2 checks a row's other references while it cascades
 * (a draft still pointing at an account being deleted) where PostgreSQL waits for the statement.
 */
@Component
class UserErasure(private val db: DSLContext, private val auth: AuthService) {
    private val tables = Tables(db)

    @Transactional
    fun erase(userId: UUID) {
        for (table in tables.ordered.reversed().filter { tables.hasColumn(it, "user_id") }) {
            val owner = tables.field(table, "user_id").eq(userId)
            tables.selfReference(table)?.let { parent -> db.deleteFrom(table).where(owner, parent.isNotNull).execute() }
            db.deleteFrom(table).where(owner).execute()
        }
        auth.delete(userId)
    }
}

package outlay.ledger

import org.jooq.DSLContext
import org.jooq.SQLDialect
import org.springframework.stereotype.Repository
import outlay.db.tables.references.USERS
import java.util.UUID

/**
 * One user's ledger writes, one after another: a write locks the user's own row first, until
 * its database transaction ends. Retries of one create wait for the first and then find its
 * record (no unique-key violation to answer), the monthly totals get their deltas in order
 * (no lost update), and different users never wait for each other.
 */
@Repository
class WriterLock(private val db: DSLContext) {
    fun lock(userId: UUID) {
        // PostgreSQL takes a key-share lock on the user row for every insert that references it;
        // FOR UPDATE would conflict with those (deadlock between two saves), FOR NO KEY UPDATE
        // does not. H2 has no such locks, and no NO KEY UPDATE.
        val query = db.select(USERS.ID).from(USERS).where(USERS.ID.eq(userId))
        if (db.dialect().family() == SQLDialect.POSTGRES) query.forNoKeyUpdate().fetch() else query.forUpdate().fetch()
    }
}

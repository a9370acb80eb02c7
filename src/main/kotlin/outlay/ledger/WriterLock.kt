package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Record
import org.jooq.SQLDialect
import org.jooq.SelectForUpdateStep
import org.jooq.Table
import org.springframework.stereotype.Repository
import org.springframework.transaction.support.TransactionSynchronization
import org.springframework.transaction.support.TransactionSynchronizationManager
import outlay.db.tables.references.USERS
import java.util.UUID

/**
 * One user's ledger writes, one after another: a write locks the user's own row first, until
 * its database transaction ends. Retries of one create wait for the first and then find its
 * record (no unique-key violation to answer), the monthly totals get their deltas in order
 * (no lost update), and different users never wait for each other. A direct create on
 * PostgreSQL takes it only for the totals ([keysWaitForRetries]).
 *
 * A database transaction that holds the lock does not ask for it again: the write paths take it
 * first and [outlay.ledger.statistics.MonthTotals] asks for it once more before writing the totals.
 */
@Repository
class WriterLock(private val db: DSLContext) {
    fun lock(userId: UUID) {
        if (held(userId)) return
        db.select(USERS.ID).from(USERS).where(USERS.ID.eq(userId)).locking(USERS).fetch()
        remember(userId)
    }

    /**
     * [lock] and a lock on the rows of [tables] that [select] joins to the user's row, in one statement ([select] reads
     * [USERS] where its id is [userId]); the rows as [map] reads them, or null when there are none: then nothing is
     * locked, and a caller that still needs the user's lock takes it with [lock].
     */
    fun <R : Record, T : Any> lockWith(userId: UUID, select: SelectForUpdateStep<R>, vararg tables: Table<*>, map: (R) -> T): T? {
        val row = select.locking(USERS, *tables).fetchOne(map) ?: return null
        remember(userId)
        return row
    }

    /**
     * Whether a create may leave the lock to its totals: on PostgreSQL an insert that meets a unique key another open
     * transaction inserted waits for that transaction and then skips ([TransactionRepository.insertIfAbsent]), so a
     * concurrent retry finds the first create without the lock. H2 has no such wait: there the lock comes first.
     */
    val keysWaitForRetries: Boolean get() = db.dialect().family() == SQLDialect.POSTGRES

    // PostgreSQL takes a key-share lock on the user row for every insert that references it;
    // FOR UPDATE would conflict with those (deadlock between two saves), FOR NO KEY UPDATE
    // does not. H2 has no such locks, and no NO KEY UPDATE.
    private fun <R : Record> SelectForUpdateStep<R>.locking(vararg tables: Table<*>) =
        if (db.dialect().family() == SQLDialect.POSTGRES) forNoKeyUpdate().of(*tables) else forUpdate().of(*tables)

    /** The users whose rows the current database transaction has locked (none outside one). */
    @Suppress("UNCHECKED_CAST")
    private fun locked(): MutableSet<UUID>? = TransactionSynchronizationManager.getResource(this) as MutableSet<UUID>?

    private fun held(userId: UUID) = locked()?.contains(userId) == true

    /** Remembered until the transaction ends; an inner REQUIRES_NEW transaction starts without it. */
    private fun remember(userId: UUID) {
        if (!TransactionSynchronizationManager.isSynchronizationActive() || !TransactionSynchronizationManager.isActualTransactionActive()) return
        locked()?.let { it.add(userId); return }
        val users = mutableSetOf(userId)
        TransactionSynchronizationManager.bindResource(this, users)
        TransactionSynchronizationManager.registerSynchronization(object : TransactionSynchronization {
            override fun suspend() {
                TransactionSynchronizationManager.unbindResourceIfPossible(this@WriterLock)
            }

            override fun resume() {
                TransactionSynchronizationManager.bindResource(this@WriterLock, users)
            }

            override fun afterCompletion(status: Int) {
                TransactionSynchronizationManager.unbindResourceIfPossible(this@WriterLock)
            }
        })
    }
}

package outlay.ledger.statistics

import org.jooq.DSLContext
import org.jooq.Query
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.DAY_TOTALS
import outlay.db.tables.references.MONTH_TOTALS
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.db.tables.references.TRANSFER
import outlay.categories.CategoryTops
import outlay.ledger.Direction
import outlay.ledger.JoinedWrites
import outlay.ledger.WriterLock
import outlay.platform.plusExact
import outlay.platform.sumOfMinor
import java.time.LocalDate
import java.util.UUID

/** What one saved transaction contributes to the monthly totals. */
data class Contribution(
    val userId: UUID,
    val date: LocalDate,
    val accountId: UUID,
    val sellerId: UUID?,
    val currency: String,
    val direction: Direction,
    /** (category, amount with reductions negative) per item */
    val items: List<Pair<UUID, Long>>,
)

/** One side of a transfer: money out of ([Direction.EXPENSE]) or into ([Direction.INCOME]) an account. */
data class TransferLeg(val userId: UUID, val date: LocalDate, val accountId: UUID, val currency: String, val direction: Direction, val amountMinor: Long)

/**
 * What a row of `month_totals` is grouped by; [code] is the stored `grouped_by`. [TRANSFER] rows
 * hold each account's transfer legs (group_id the account, expense out, income in, no items):
 * only the balances read them, so no statistic counts a transfer as spending.
 */
enum class MonthGrouping(val code: Short) {
    CATEGORY(0), TOP_CATEGORY(1), ALL(2), ACCOUNT(3), SELLER(4), TRANSFER(5);
}

/**
 * Keeps `month_totals` and `day_totals` exact. Every write of a saved transaction calls this
 * inside the same database transaction: a new transaction adds its contribution, a deleted one
 * subtracts it, an edit does both, as `amount = amount + delta` ([TotalRows]). The day totals
 * hold the [MonthGrouping.CATEGORY] and [MonthGrouping.ALL] groupings per day (a budget's
 * spending in a currency whose rate changes daily converts each day's sum); transfers stay
 * monthly only. A change first locks the user's own row, so
 * one user's concurrent saves apply their deltas one after another (no lost update, no two
 * inserts of the same new row, no deadlock between rows); different users never wait for each
 * other, and no row is shared by all writers.
 */
@Repository
class MonthTotals(
    private val db: DSLContext, private val writers: WriterLock, private val joined: JoinedWrites, private val rows: TotalRows, private val categoryTops: CategoryTops,
) {
    private val cm = MONTH_TOTALS

    /** The contribution of a saved transaction as it is now in the database, or null if it does not exist. */
    fun current(userId: UUID, transactionId: UUID): Contribution? {
        val t = TRANSACTIONS
        val header = db.selectFrom(t).where(t.USER_ID.eq(userId), t.ID.eq(transactionId)).fetchOne() ?: return null
        val i = TRANSACTION_ITEM
        val items = db.selectFrom(i).where(i.USER_ID.eq(userId), i.TRANSACTION_ID.eq(transactionId))
            .fetch { it.categoryId to if (it.isReduction) -it.amountMinor else it.amountMinor }
        return Contribution(userId, header.occurredOn, header.accountId, header.sellerId, header.currency, header.direction, items)
    }

    /**
     * Recomputes the user's rows from the saved transactions and items (the record; the totals are
     * derived from it), under the user's write lock; returns how many rows it changed.
     */
    fun rebuild(userId: UUID): Int {
        writers.lock(userId)
        val before = rows.stored(userId)
        rows.deleteAll(userId)
        val t = TRANSACTIONS
        val i = TRANSACTION_ITEM
        val items = db.selectFrom(i).where(i.USER_ID.eq(userId)).fetchGroups(i.TRANSACTION_ID)
        val contributions = db.selectFrom(t).where(t.USER_ID.eq(userId)).fetch { h ->
            Contribution(userId, h.occurredOn, h.accountId, h.sellerId, h.currency, h.direction,
                items[h.id].orEmpty().map { it.categoryId to if (it.isReduction) -it.amountMinor else it.amountMinor })
        }
        val legs = db.selectFrom(TRANSFER).where(TRANSFER.USER_ID.eq(userId)).fetch().flatMap {
            legs(userId, it.occurredOn, it.fromAccountId, it.sentCurrency, it.sentMinor, it.toAccountId, it.receivedCurrency, it.receivedMinor)
        }
        pending().run {
            add(contributions)
            addLegs(legs, +1)
            write()
        }
        val after = rows.stored(userId)
        return (before.keys + after.keys).count { before[it] != after[it] }
    }

    /** The users that have monthly or day totals or saved transactions. */
    fun users(): Set<UUID> =
        (db.selectDistinct(cm.USER_ID).from(cm).fetchSet(cm.USER_ID) + db.selectDistinct(DAY_TOTALS.USER_ID).from(DAY_TOTALS).fetchSet(DAY_TOTALS.USER_ID) +
            db.selectDistinct(TRANSACTIONS.USER_ID).from(TRANSACTIONS).fetchSet(TRANSACTIONS.USER_ID) +
            db.selectDistinct(TRANSFER.USER_ID).from(TRANSFER).fetchSet(TRANSFER.USER_ID)).filterNotNull().toSet()

    /**
     * Applies `after - before` (either may be null: a creation or a deletion). [parents] maps categories
     * the caller has read already to their top-level category (themselves at the top); others are read.
     */
    fun change(before: Contribution?, after: Contribution?, parents: Map<UUID, UUID> = emptyMap()) = changing(before, after, parents).write()

    /** [change], its statements left to the caller ([Pending.writes]). */
    fun changes(before: Contribution?, after: Contribution?, parents: Map<UUID, UUID> = emptyMap()): List<Query> =
        changing(before, after, parents).writes()

    private fun changing(before: Contribution?, after: Contribution?, parents: Map<UUID, UUID>) = pending().apply {
        know(parents)
        collect(listOfNotNull(before), -1)
        collect(listOfNotNull(after), +1)
    }

    /** Adds many new transactions at once: one delta per key for the whole batch, applied in one to three statements. */
    fun addAll(contributions: List<Contribution>) = pending().also { it.add(contributions) }.write()

    /** Applies a transfer's change: its legs before (none for a creation) and after (none for a deletion). */
    fun changeTransfer(before: List<TransferLeg>, after: List<TransferLeg>) = pending().run {
        addLegs(before, -1)
        addLegs(after, +1)
        write()
    }

    /**
     * Deltas gathered over many writes and applied once by [Pending.write], in the caller's database
     * transaction: an import adds each chunk as it records it, and the totals are written at the end
     * (one update per key for the whole import instead of one per key and chunk).
     */
    fun pending() = Pending()

    inner class Pending internal constructor() {
        private var userId: UUID? = null
        private val deltas = sortedMapOf<TotalKey, TotalDelta>()
        private val parents = HashMap<UUID, UUID>()

        fun add(contributions: List<Contribution>) = collect(contributions, +1)

        /** Categories' top-level categories known already, so [collect] does not read them. */
        fun know(parents: Map<UUID, UUID>) = this.parents.putAll(parents)

        internal fun collect(contributions: List<Contribution>, sign: Long) {
            val first = contributions.firstOrNull() ?: return
            check(userId == null || userId == first.userId) { "one user's totals at a time" }
            userId = first.userId
            val unknown = contributions.flatMap { c -> c.items.map { it.first } }.filterNot { it in parents }.toSet()
            // the categories module answers which top-level category each item's category counts under (one statement)
            if (unknown.isNotEmpty()) parents.putAll(categoryTops.topLevel(unknown))
            contributions.forEach { add(it, sign) }
        }

        fun addLegs(legs: List<TransferLeg>, sign: Long) {
            val first = legs.firstOrNull() ?: return
            check(userId == null || userId == first.userId) { "one user's totals at a time" }
            userId = first.userId
            legs.forEach { leg ->
                val key = TotalKey(Period.MONTH, MonthGrouping.TRANSFER, leg.date.withDayOfMonth(1), leg.accountId, leg.currency, leg.direction)
                val d = deltas[key] ?: TotalDelta.ZERO
                deltas[key] = TotalDelta(d.amount + sign * leg.amountMinor, d.items, d.transactions + sign)
            }
        }

        private fun add(source: Contribution, sign: Long) {
            val month = source.date.withDayOfMonth(1)
            val byCategory: (UUID) -> UUID = { c -> c }
            val all: (UUID) -> UUID = { ALL }
            val levels = listOf<Triple<Period, MonthGrouping, (UUID) -> UUID>>(
                Triple(Period.MONTH, MonthGrouping.CATEGORY, byCategory), Triple(Period.MONTH, MonthGrouping.TOP_CATEGORY, { c -> parents.getValue(c) }),
                Triple(Period.MONTH, MonthGrouping.ALL, all), Triple(Period.MONTH, MonthGrouping.ACCOUNT, { source.accountId }),
                Triple(Period.MONTH, MonthGrouping.SELLER, { source.sellerId ?: ALL }),
                // per day only what a day's conversion needs: each category (a top-level one sums its children's) and all
                Triple(Period.DAY, MonthGrouping.CATEGORY, byCategory), Triple(Period.DAY, MonthGrouping.ALL, all),
            )
            for ((period, level, keyOf) in levels) {
                source.items.groupBy { keyOf(it.first) }.forEach { (category, items) ->
                    val key = TotalKey(period, level, if (period == Period.MONTH) month else source.date, category, source.currency, source.direction)
                    val d = deltas[key] ?: TotalDelta.ZERO
                    // a bulk write gathers many transactions into one delta: exact, as the sums it adds to ([ExactSums])
                    deltas[key] = TotalDelta(plusExact(d.amount, sign * items.sumOfMinor { it.second }), d.items + sign * items.size, d.transactions + sign)
                }
            }
        }

        /** Writes the gathered deltas (nothing when they cancel out) and forgets them. */
        fun write() = joined.execute(writes())

        /**
         * [write], its statements left to the caller to run with its own writes (`JoinedWrites`): the user's
         * lock is taken here, and many keys (an import) are written here at once, leaving nothing.
         */
        fun writes(): List<Query> {
            val user = userId ?: return emptyList()
            val changed = deltas.filterValues { it != TotalDelta.ZERO }
            deltas.clear()
            if (changed.isEmpty()) return emptyList()
            writers.lock(user) // usually held already: the write path takes it first
            if (changed.size <= FEW) return rows.upserts(user, changed)
            rows.applyLarge(user, changed)
            return emptyList()
        }
    }

    companion object {
        /** The two sides of a transfer as monthly-total legs. */
        fun legs(userId: UUID, date: LocalDate, from: UUID, sentCurrency: String, sent: Long, to: UUID, receivedCurrency: String, received: Long) = listOf(
            TransferLeg(userId, date, from, sentCurrency, Direction.EXPENSE, sent),
            TransferLeg(userId, date, to, receivedCurrency, Direction.INCOME, received),
        )

        /** The key of [MonthGrouping.ALL] rows, and of [MonthGrouping.SELLER] rows without a seller. */
        val ALL: UUID = UUID(0, 0)

        /** Up to this many keys go in one upsert per table (an edit touches about thirty: months and days); more are sorted into updates and inserts first. */
        private const val FEW = 64
    }
}

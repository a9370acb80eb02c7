package outlay.ledger.statistics

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Query
import org.jooq.Record
import org.jooq.Record6
import org.jooq.Records
import org.jooq.Select
import org.jooq.Table
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.DAY_TOTALS
import outlay.db.tables.references.MONTH_TOTALS
import outlay.ledger.Direction
import java.time.LocalDate
import java.util.UUID

/** Which table a total lives in: `month_totals` (keyed by the month's first day) or `day_totals` (by the day). */
enum class Period { MONTH, DAY }

/** A row of either table; [start] is the month's first day or the day. */
data class TotalKey(val period: Period, val level: MonthGrouping, val start: LocalDate, val group: UUID, val currency: String, val direction: Direction) : Comparable<TotalKey> {
    override fun compareTo(other: TotalKey) =
        compareValuesBy(this, other, { it.period }, { it.level }, { it.start }, { it.group.toString() }, { it.currency }, { it.direction })
}

/** What is added to a row: amount (reductions negative), items, transactions. */
data class TotalDelta(val amount: Long, val items: Long, val transactions: Long) {
    companion object {
        val ZERO = TotalDelta(0, 0, 0)
    }
}

/**
 * The SQL of [MonthTotals]' rows in both tables, which share their shape: deltas applied as
 * `amount = amount + delta`, rows made where there were none. Callers hold the user's write lock.
 * A save's upserts of both tables go in one JDBC batch, so the day totals add no round trip.
 */
@Repository
class TotalRows(private val db: DSLContext) {

    private class Columns<R : Record>(
        val period: Period, val table: Table<R>, val user: Field<UUID?>, val level: Field<Short?>, val start: Field<LocalDate?>, val group: Field<UUID?>,
        val currency: Field<String?>, val direction: Field<Direction?>, val amount: Field<Long?>, val items: Field<Long?>, val transactions: Field<Long?>,
    ) {
        fun update(db: DSLContext, userId: UUID, key: TotalKey, d: TotalDelta): Query = db.update(table)
            .set(amount, amount.plus(d.amount)).set(items, items.plus(d.items)).set(transactions, transactions.plus(d.transactions))
            .where(user.eq(userId), level.eq(key.level.code), start.eq(key.start), group.eq(key.group), currency.eq(key.currency), direction.eq(key.direction))

        fun insert(db: DSLContext, userId: UUID, rows: List<Pair<TotalKey, TotalDelta>>) =
            db.insertInto(table, user, level, start, group, currency, direction, amount, items, transactions)
                .valuesOfRows(rows.map { (k, d) -> DSL.row(userId, k.level.code, k.start, k.group, k.currency, k.direction, d.amount, d.items, d.transactions) })

        /** Adds each delta to its row, or makes the row (`ON CONFLICT DO UPDATE`, a `MERGE` on H2). */
        fun upsert(db: DSLContext, userId: UUID, rows: List<Pair<TotalKey, TotalDelta>>): Query =
            insert(db, userId, rows).onConflict(user, level, start, group, currency, direction).doUpdate()
                .set(amount, amount.plus(DSL.excluded(amount))).set(items, items.plus(DSL.excluded(items)))
                .set(transactions, transactions.plus(DSL.excluded(transactions)))

        /** The keys of the user's rows in [first]..[last]. */
        fun keys(db: DSLContext, userId: UUID, first: LocalDate, last: LocalDate) =
            db.select(level, start, group, currency, direction, DSL.inline(period.ordinal)).from(table).where(user.eq(userId), start.between(first, last))

        fun rows(db: DSLContext, userId: UUID): Map<TotalKey, TotalDelta> =
            db.select(level, start, group, currency, direction, amount, items, transactions).from(table).where(user.eq(userId))
                .fetch(Records.mapping { l, s, g, c, d, a, i, t -> TotalKey(period, grouping(l), s!!, g!!, c!!, d!!) to TotalDelta(a!!, i!!, t!!) })
                .toMap()
    }

    private val month = MONTH_TOTALS.run {
        Columns(Period.MONTH, this, USER_ID, GROUPED_BY, MONTH_START, GROUP_ID, CURRENCY, DIRECTION, AMOUNT_MINOR, ITEM_COUNT, TRANSACTION_COUNT)
    }
    private val day = DAY_TOTALS.run {
        Columns(Period.DAY, this, USER_ID, GROUPED_BY, OCCURRED_ON, GROUP_ID, CURRENCY, DIRECTION, AMOUNT_MINOR, ITEM_COUNT, TRANSACTION_COUNT)
    }

    private fun of(period: Period) = if (period == Period.MONTH) month else day

    /** The user's rows of both tables that are not all zero. */
    fun stored(userId: UUID): Map<TotalKey, TotalDelta> = (month.rows(db, userId) + day.rows(db, userId)).filterValues { it != TotalDelta.ZERO }

    fun deleteAll(userId: UUID) {
        db.deleteFrom(MONTH_TOTALS).where(MONTH_TOTALS.USER_ID.eq(userId)).execute()
        db.deleteFrom(DAY_TOTALS).where(DAY_TOTALS.USER_ID.eq(userId)).execute()
    }

    /** A few keys (a save or an edit): one upsert per table, both in one JDBC batch (its values inlined). */
    fun upsert(userId: UUID, changed: Map<TotalKey, TotalDelta>) {
        val upserts = changed.entries.groupBy { it.key.period }.map { (period, same) -> of(period).upsert(db, userId, same.map { it.key to it.value }) }
        if (upserts.size == 1) upserts.single().execute() else db.batch(upserts).execute()
    }

    /**
     * Many keys (an import): which exist is read in one query over the months and days concerned,
     * so only those are updated (one JDBC batch) and the rest inserted with multi-row inserts,
     * rather than an update tried for every key.
     */
    fun applyLarge(userId: UUID, changed: Map<TotalKey, TotalDelta>) {
        val reads: List<Select<Record6<Short?, LocalDate?, UUID?, String?, Direction?, Int>>> =
            changed.keys.groupBy { it.period }.map { (period, keys) -> of(period).keys(db, userId, keys.minOf { it.start }, keys.maxOf { it.start }) }
        val existing = reads.reduce { a, b -> a.unionAll(b) }
            .fetch(Records.mapping { l, s, g, c, d, p -> TotalKey(Period.entries[p], grouping(l), s!!, g!!, c!!, d!!) })
            .toSet()
        val (updates, inserts) = changed.entries.partition { it.key in existing }
        if (updates.isNotEmpty()) db.batch(updates.map { (key, d) -> of(key.period).update(db, userId, key, d) }).execute()
        insert(userId, inserts.map { it.key to it.value })
    }

    /** Multi-row inserts of up to [CHUNK] rows per table. */
    private fun insert(userId: UUID, rows: List<Pair<TotalKey, TotalDelta>>) =
        rows.groupBy { it.first.period }.forEach { (period, same) -> same.chunked(CHUNK).forEach { of(period).insert(db, userId, it).execute() } }

    private companion object {
        const val CHUNK = 1000

        fun grouping(code: Short?) = MonthGrouping.entries.first { it.code == code }
    }
}

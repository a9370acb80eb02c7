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
import org.jooq.impl.EnumConverter
import org.springframework.stereotype.Repository
import outlay.db.tables.references.DAY_TOTALS
import outlay.db.tables.references.MONTH_TOTALS
import outlay.ledger.Direction
import outlay.platform.notNull
import java.time.LocalDate
import java.util.UUID

/** Which table a total lives in: `month_totals` (keyed by the month's first day) or `day_totals` (by the day). */
enum class Period { MONTH, DAY }

/** `month_totals.grouped_by` and `day_totals.grouped_by` as [MonthGrouping] (a forced type in pom.xml), looked up by [MonthGrouping.code]. */
class MonthGroupingConverter : EnumConverter<Short, MonthGrouping>(Short::class.javaObjectType, MonthGrouping::class.java, MonthGrouping::code)

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

    /** One table's columns, all NOT NULL, so its rows read into non-null values without `!!`. */
    private class Columns<R : Record>(
        val period: Period, val table: Table<R>, val user: Field<UUID>, val level: Field<MonthGrouping>, val start: Field<LocalDate>, val group: Field<UUID>,
        val currency: Field<String>, val direction: Field<Direction>, val amount: Field<Long>, val items: Field<Long>, val transactions: Field<Long>,
    ) {
        /** The table's [period] as a column of a union of both tables: an inlined number, read back through [PeriodConverter]. */
        private val periodColumn: Field<Period> = DSL.inline(period.ordinal).convert(PeriodConverter())

        fun insert(db: DSLContext, userId: UUID, rows: List<Pair<TotalKey, TotalDelta>>) =
            db.insertInto(table, user, level, start, group, currency, direction, amount, items, transactions)
                .valuesOfRows(rows.map { (k, d) -> DSL.row(userId, k.level, k.start, k.group, k.currency, k.direction, d.amount, d.items, d.transactions) })

        /** Adds each delta to its row, or makes the row (`ON CONFLICT DO UPDATE`, a `MERGE` on H2). */
        fun upsert(db: DSLContext, userId: UUID, rows: List<Pair<TotalKey, TotalDelta>>): Query =
            insert(db, userId, rows).onConflict(user, level, start, group, currency, direction).doUpdate()
                .set(amount, amount.plus(DSL.excluded(amount))).set(items, items.plus(DSL.excluded(items)))
                .set(transactions, transactions.plus(DSL.excluded(transactions)))

        /** The keys of the user's rows in [first]..[last]. */
        fun keys(db: DSLContext, userId: UUID, first: LocalDate, last: LocalDate) =
            db.select(periodColumn, level, start, group, currency, direction).from(table).where(user.eq(userId), start.between(first, last))

        fun rows(db: DSLContext, userId: UUID): Map<TotalKey, TotalDelta> =
            db.select(level, start, group, currency, direction, amount, items, transactions).from(table).where(user.eq(userId))
                .fetch(Records.mapping { l, s, g, c, d, a, i, t -> TotalKey(period, l, s, g, c, d) to TotalDelta(a, i, t) })
                .toMap()
    }

    private val month = MONTH_TOTALS.run {
        Columns(
            Period.MONTH, this, USER_ID.notNull(), GROUPED_BY.notNull(), MONTH_START.notNull(), GROUP_ID.notNull(), CURRENCY.notNull(), DIRECTION.notNull(),
            AMOUNT_MINOR.notNull(), ITEM_COUNT.notNull(), TRANSACTION_COUNT.notNull(),
        )
    }
    private val day = DAY_TOTALS.run {
        Columns(
            Period.DAY, this, USER_ID.notNull(), GROUPED_BY.notNull(), OCCURRED_ON.notNull(), GROUP_ID.notNull(), CURRENCY.notNull(), DIRECTION.notNull(),
            AMOUNT_MINOR.notNull(), ITEM_COUNT.notNull(), TRANSACTION_COUNT.notNull(),
        )
    }

    private fun of(period: Period) = if (period == Period.MONTH) month else day

    /** The user's rows of both tables that are not all zero. */
    fun stored(userId: UUID): Map<TotalKey, TotalDelta> = (month.rows(db, userId) + day.rows(db, userId)).filterValues { it != TotalDelta.ZERO }

    fun deleteAll(userId: UUID) {
        db.deleteFrom(MONTH_TOTALS).where(MONTH_TOTALS.USER_ID.eq(userId)).execute()
        db.deleteFrom(DAY_TOTALS).where(DAY_TOTALS.USER_ID.eq(userId)).execute()
    }

    /** A few keys (a save or an edit): one upsert per table, not yet run. */
    fun upserts(userId: UUID, changed: Map<TotalKey, TotalDelta>): List<Query> =
        changed.entries.groupBy { it.key.period }.map { (period, same) -> of(period).upsert(db, userId, same.map { it.key to it.value }) }

    /**
     * Many keys (an import): which exist is read in one query over the months and days concerned,
     * so only those take the upsert (its update path) and the rest plain multi-row inserts, each a
     * statement per [CHUNK] keys rather than one per key.
     */
    fun applyLarge(userId: UUID, changed: Map<TotalKey, TotalDelta>) {
        val reads: List<Select<Record6<Period, MonthGrouping, LocalDate, UUID, String, Direction>>> =
            changed.keys.groupBy { it.period }.map { (period, keys) -> of(period).keys(db, userId, keys.minOf { it.start }, keys.maxOf { it.start }) }
        val existing = reads.reduce { a, b -> a.unionAll(b) }
            .fetch(Records.mapping(::TotalKey))
            .toSet()
        val (updates, inserts) = changed.entries.partition { it.key in existing }
        // the rows that exist take the upsert's update path: one statement per chunk rather than one per key
        inChunks(updates.map { it.key to it.value }) { period, chunk -> of(period).upsert(db, userId, chunk) }
        inChunks(inserts.map { it.key to it.value }) { period, chunk -> of(period).insert(db, userId, chunk) }
    }

    /** One statement per table and [CHUNK] rows. */
    private fun inChunks(rows: List<Pair<TotalKey, TotalDelta>>, statement: (Period, List<Pair<TotalKey, TotalDelta>>) -> Query) =
        rows.groupBy { it.first.period }.forEach { (period, same) -> same.chunked(CHUNK).forEach { statement(period, it).execute() } }

    private companion object {
        const val CHUNK = 1000
    }

    /** [Period] from the number the union of both tables' keys carries (its ordinal, inlined in each half). */
    private class PeriodConverter : EnumConverter<Int, Period>(Int::class.javaObjectType, Period::class.java, Period::ordinal)
}

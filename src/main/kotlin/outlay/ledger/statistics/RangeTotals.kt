package outlay.ledger.statistics

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.ResultQuery
import org.jooq.Select
import org.jooq.SelectField
import org.jooq.Table
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.ACCOUNT
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.MONTH_TOTALS
import outlay.db.tables.references.SELLER
import outlay.ledger.Direction
import outlay.platform.StatementShapes
import outlay.platform.exactMinor
import java.math.BigDecimal
import java.time.LocalDate
import java.util.UUID

/**
 * The totals of a date range that the monthly totals answer, in one statement: the whole months from
 * `month_totals`, and the partial months at either end from the rows themselves ([StatisticsRepository.branch])
 * after `UNION ALL`, rendered once per shape ([StatementShapes]); the parts cover disjoint dates, so the
 * caller adds their sums and counts up. Each group's account, category or seller name is read with
 * its rows (a lookup per group). One statement where there were three (four with the sellers' names):
 * the statistics of a range like "the last twelve months" have a partial month at both ends.
 */
@Repository
class RangeTotals(private val db: DSLContext, private val statements: StatementShapes, private val stats: StatisticsRepository) {
    private val cm = MONTH_TOTALS

    /** What the statement's text depends on (its values aside). */
    private data class Shape(
        val level: MonthGrouping, val grouping: Grouping<*>, val labelled: Boolean, val first: Boolean, val last: Boolean, val categories: Int,
        val direction: Boolean, val partial: StatisticsRepository.BranchShape?,
    ) : StatementShapes.Shape

    /**
     * Sums of whole months in [first, last] (either open) from the rows grouped by [level] (per category, per
     * top-level category, over all categories, per account or per seller), with the partial months of [partial] (a
     * filter of their [ResolvedFilter.dateRanges], read from the rows, [StatisticsRepository.branch]); keyed as
     * [grouping] keys rows. [labelled]: each group's [GroupLabel] read with its rows.
     */
    fun <K> totals(
        userId: UUID, level: MonthGrouping, first: LocalDate?, last: LocalDate?, categoryIds: Set<UUID>, direction: Direction?, grouping: Grouping<K>,
        labelled: Boolean, partial: ResolvedFilter?,
    ): List<GroupTotal<K>> {
        val shape = Shape(level, grouping, labelled, first != null, last != null, categoryIds.size, direction != null, partial?.let { stats.branchShape(it, grouping) })
        val byMonth = grouping == Grouping.Month
        return statements.fetch(
            shape,
            { v ->
                v[USER] = userId
                v[LEVEL] = level
                v[FIRST] = first
                v[LAST] = last
                v[DIRECTION_VALUE] = direction
                categoryIds.forEachIndexed { n, id -> v["$CATEGORY_VALUE$n"] = id }
                partial?.let { stats.branchValues(it, v) }
            },
            { slots -> statement(shape, slots) },
        ) { r ->
            // by position: key, currency, direction, amount, transaction and item counts, the label when asked for
            val value = r.get(0)
            GroupTotal(
                if (byMonth) grouping.fromMonthTotals(null, value as LocalDate?) else grouping.fromMonthTotals(value as UUID?, null),
                r.get(1) as String, r.get(2) as Direction, exactMinor(r.get(3) as BigDecimal?), (r.get(4) as BigDecimal?)?.toLong() ?: 0,
                (r.get(5) as BigDecimal?)?.toLong() ?: 0,
                label = if (labelled) r.get(6) as GroupLabel? else null,
            )
        }
    }

    /** The whole months' sums with the partial months' rows after `UNION ALL`, each group's label read with its rows when asked. */
    private fun statement(shape: Shape, slots: StatementShapes.Slots): ResultQuery<*> {
        val conditions = mutableListOf(cm.USER_ID.eq(slots[USER, cm.USER_ID]), cm.GROUPED_BY.eq(slots[LEVEL, cm.GROUPED_BY]))
        if (shape.first) conditions += cm.MONTH_START.ge(slots[FIRST, cm.MONTH_START])
        if (shape.last) conditions += cm.MONTH_START.le(slots[LAST, cm.MONTH_START])
        if (shape.categories > 0) conditions += cm.GROUP_ID.`in`((0 until shape.categories).map { slots["$CATEGORY_VALUE$it", cm.GROUP_ID] })
        if (shape.direction) conditions += cm.DIRECTION.eq(slots[DIRECTION_VALUE, cm.DIRECTION])
        val byMonth = shape.grouping == Grouping.Month
        val items = DSL.sum(cm.ITEM_COUNT)
        val whole = db.select(
            listOf(
                (if (byMonth) cm.MONTH_START else cm.GROUP_ID).`as`(KEY), cm.CURRENCY.`as`(CURRENCY), cm.DIRECTION.`as`(DIRECTION),
                DSL.sum(cm.AMOUNT_MINOR).`as`(AMOUNT), DSL.sum(cm.TRANSACTION_COUNT).`as`(TRANSACTIONS), items.`as`(ITEMS),
            ),
        ).from(cm)
            .where(conditions)
            .groupBy(if (byMonth) cm.MONTH_START else cm.GROUP_ID, cm.CURRENCY, cm.DIRECTION)
            // a constant, inlined: the statement's values are its slots only
            .having(items.ne(DSL.inline(BigDecimal.ZERO)))
        @Suppress("UNCHECKED_CAST")
        val u = (shape.partial?.let { whole.unionAll(stats.branch(it, slots) as Select<Record>) } ?: whole).asTable("range_totals")
        // the derived table's columns keep the whole months' types (and the direction's converter)
        val key = u.field(KEY)!!
        val label = if (shape.labelled) labelOf(shape.level, key.coerce(cm.GROUP_ID)) else null
        return db.select(
            listOfNotNull(
                key, u.field(CURRENCY)!!.coerce(cm.CURRENCY), u.field(DIRECTION)!!.coerce(cm.DIRECTION), u.field(AMOUNT, BigDecimal::class.java)!!,
                u.field(TRANSACTIONS, BigDecimal::class.java)!!, u.field(ITEMS, BigDecimal::class.java)!!, label,
            ),
        ).from(u)
    }

    /**
     * The name of a group keyed by an account, a category or a seller (null for other levels), as a scalar subquery of
     * [key]: an index lookup per group. A left join let PostgreSQL's plan for the prepared statement hash the whole
     * category table (every user's categories) for some fifty groups: 0.83 against 0.63 ms for the lab's categories
     * statement. A category's name, icon and parent come as one row from one lookup, not three: 1.03 against 0.76 ms.
     */
    private fun labelOf(level: MonthGrouping, key: Field<UUID?>): Field<GroupLabel?>? {
        fun <T> of(table: Table<*>, id: Field<UUID?>, column: SelectField<T>): Field<T> = DSL.field(DSL.select(column).from(table).where(id.eq(key)))
        return when (level) {
            MonthGrouping.ACCOUNT -> of(ACCOUNT, ACCOUNT.ID, ACCOUNT.NAME.convertFrom { it?.let(::GroupLabel) })
            MonthGrouping.SELLER -> of(SELLER, SELLER.ID, SELLER.NAME.convertFrom { it?.let(::GroupLabel) })
            MonthGrouping.CATEGORY, MonthGrouping.TOP_CATEGORY -> of(
                CATEGORY, CATEGORY.ID,
                DSL.row(CATEGORY.NAME, CATEGORY.ICON, CATEGORY.PARENT_ID).mapping { name, icon, parent -> name?.let { GroupLabel(it, icon, parent) } },
            )
            else -> null
        }
    }

    private companion object {
        // the values' names
        const val USER = "user"
        const val LEVEL = "level"
        const val FIRST = "first"
        const val LAST = "last"
        const val CATEGORY_VALUE = "category"
        const val DIRECTION_VALUE = "direction"

        // the columns of the derived table
        const val KEY = "group_key"
        const val CURRENCY = "currency"
        const val DIRECTION = "direction"
        const val AMOUNT = "amount"
        const val TRANSACTIONS = "transaction_count"
        const val ITEMS = "item_count"
    }
}

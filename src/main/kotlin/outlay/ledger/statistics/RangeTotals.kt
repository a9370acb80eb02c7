package outlay.ledger.statistics

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
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
import outlay.platform.exactMinor
import java.math.BigDecimal
import java.time.LocalDate
import java.util.UUID

/**
 * The totals of a date range that the monthly totals answer, in one statement: the whole months from
 * `month_totals`, and the partial months at either end from the rows themselves (a branch the caller
 * builds, [StatisticsRepository.branch]) after `UNION ALL`; the parts cover disjoint dates, so the
 * caller adds their sums and counts up. Each group's account, category or seller name is read with
 * its rows (a lookup per group). One statement where there were three (four with the sellers' names):
 * the statistics of a range like "the last twelve months" have a partial month at both ends.
 */
@Repository
class RangeTotals(private val db: DSLContext) {
    private val cm = MONTH_TOTALS

    /**
     * Sums of whole months in [first, last] (either open) from the rows grouped by [level] (per category, per
     * top-level category, over all categories, per account or per seller), with the rows of [partial] (its columns:
     * the key as `month_totals` keys the group, currency, direction, amount, transaction and item counts); keyed as
     * [grouping] keys rows. [labelled]: each group's [GroupLabel] read with its rows.
     */
    fun <K> totals(
        userId: UUID, level: MonthGrouping, first: LocalDate?, last: LocalDate?, categoryIds: Set<UUID>, direction: Direction?, grouping: Grouping<K>,
        labelled: Boolean, partial: Select<out Record>?,
    ): List<GroupTotal<K>> {
        val conditions = mutableListOf(cm.USER_ID.eq(userId), cm.GROUPED_BY.eq(level))
        first?.let { conditions += cm.MONTH_START.ge(it) }
        last?.let { conditions += cm.MONTH_START.le(it) }
        if (categoryIds.isNotEmpty()) conditions += cm.GROUP_ID.`in`(categoryIds)
        direction?.let { conditions += cm.DIRECTION.eq(it) }
        val byMonth = grouping == Grouping.Month
        val items = DSL.sum(cm.ITEM_COUNT)
        val whole = db.select(
            listOf(
                (if (byMonth) cm.MONTH_START else cm.GROUP_ID).`as`(KEY), cm.CURRENCY.`as`(CURRENCY), cm.DIRECTION.`as`(DIRECTION),
                DSL.sum(cm.AMOUNT_MINOR).`as`(AMOUNT), DSL.sum(cm.TRANSACTION_COUNT).`as`(TRANSACTIONS), items.`as`(ITEMS),
            ),
        ).from(cm)
            .where(conditions)
            .groupBy(if (byMonth) cm.MONTH_START else cm.GROUP_ID, cm.CURRENCY, cm.DIRECTION)
            .having(items.ne(BigDecimal.ZERO))
        @Suppress("UNCHECKED_CAST")
        val u = (partial?.let { whole.unionAll(it as Select<Record>) } ?: whole).asTable("range_totals")
        // the derived table's columns keep the whole months' types (and the direction's converter)
        val key = u.field(KEY)!!
        val currency = u.field(CURRENCY)!!.coerce(cm.CURRENCY)
        val dir = u.field(DIRECTION)!!.coerce(cm.DIRECTION)
        val amount = u.field(AMOUNT, BigDecimal::class.java)!!
        val transactions = u.field(TRANSACTIONS, BigDecimal::class.java)!!
        val itemCount = u.field(ITEMS, BigDecimal::class.java)!!
        val label = if (labelled) labelOf(level, key.coerce(cm.GROUP_ID)) else null
        return db.select(listOfNotNull(key, currency, dir, amount, transactions, itemCount, label))
            .from(u)
            .fetch { r ->
                val value = r.get(key)
                GroupTotal(
                    if (byMonth) grouping.fromMonthTotals(null, value as LocalDate?) else grouping.fromMonthTotals(value as UUID?, null),
                    r.get(currency)!!, r.get(dir)!!, exactMinor(r.get(amount)), r.get(transactions)?.toLong() ?: 0, r.get(itemCount)?.toLong() ?: 0,
                    label = label?.let { r.get(it) },
                )
            }
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
        const val KEY = "group_key"
        const val CURRENCY = "currency"
        const val DIRECTION = "direction"
        const val AMOUNT = "amount"
        const val TRANSACTIONS = "transaction_count"
        const val ITEMS = "item_count"
    }
}

package outlay.ledger.statistics

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.MONTH_TOTALS
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.ledger.Direction
import outlay.platform.exactMinor
import java.time.LocalDate
import java.time.YearMonth
import java.util.UUID

/** Expenses of one month in one currency for a scope: a category ([scope]; a top-level one with its children) or all of them (null). */
data class ScopeMonth(val scope: UUID?, val month: YearMonth, val currency: String, val amountMinor: Long)

/** One day's expenses in one currency of one item category, with that category's top-level category (itself when it has no parent). */
data class CategoryDay(val day: LocalDate, val currency: String, val categoryId: UUID, val topId: UUID, val amountMinor: Long)

/**
 * The rows behind spending per budget: whole months from the monthly totals (one indexed statement
 * whatever the number of transactions), and, only for the currencies and months whose rate
 * changes within the month, each day's sums from the items. Expenses only, net of reductions;
 * transfers are never in these rows, so they never count as spending.
 */
@Repository
class SpendingRows(private val db: DSLContext) {
    private val cm = MONTH_TOTALS

    /** Per month in [first]..[last] and currency: each of [rolledUp] with its children, each of [alone] by itself, and all when [overall]. */
    fun months(userId: UUID, first: YearMonth, last: YearMonth, rolledUp: Set<UUID>, alone: Set<UUID>, overall: Boolean): List<ScopeMonth> {
        val scopes = listOfNotNull(
            rolledUp.takeIf { it.isNotEmpty() }?.let { cm.GROUPED_BY.eq(MonthGrouping.TOP_CATEGORY.code).and(cm.GROUP_ID.`in`(it)) },
            alone.takeIf { it.isNotEmpty() }?.let { cm.GROUPED_BY.eq(MonthGrouping.CATEGORY.code).and(cm.GROUP_ID.`in`(it)) },
            if (overall) cm.GROUPED_BY.eq(MonthGrouping.ALL.code) else null,
        )
        if (scopes.isEmpty()) return emptyList()
        return db.select(cm.GROUPED_BY, cm.GROUP_ID, cm.MONTH_START, cm.CURRENCY, cm.AMOUNT_MINOR).from(cm)
            .where(
                cm.USER_ID.eq(userId), cm.MONTH_START.between(first.atDay(1), last.atDay(1)), cm.DIRECTION.eq(Direction.EXPENSE),
                DSL.or(scopes),
            )
            .fetch { r ->
                val row = r.into(cm)
                ScopeMonth(row.groupId.takeIf { row.groupedBy != MonthGrouping.ALL.code }, YearMonth.from(row.monthStart), row.currency, row.amountMinor)
            }
            .filter { it.amountMinor != 0L }
    }

    /** Each day's expenses in [first]..[last] in [currencies], per item category: one grouped statement. */
    fun days(userId: UUID, first: LocalDate, last: LocalDate, currencies: Set<String>): List<CategoryDay> {
        val t = TRANSACTIONS
        val i = TRANSACTION_ITEM
        val top = DSL.coalesce(CATEGORY.PARENT_ID, CATEGORY.ID)
        val amount = DSL.sum(DSL.`when`(i.IS_REDUCTION.isTrue, i.AMOUNT_MINOR.neg()).otherwise(i.AMOUNT_MINOR))
        return db.select(t.OCCURRED_ON, t.CURRENCY, i.CATEGORY_ID, top, amount)
            .from(i).join(t).on(t.USER_ID.eq(i.USER_ID), t.ID.eq(i.TRANSACTION_ID))
            .join(CATEGORY).on(CATEGORY.ID.eq(i.CATEGORY_ID))
            .where(
                t.USER_ID.eq(userId), i.USER_ID.eq(userId), t.OCCURRED_ON.between(first, last), t.DIRECTION.eq(Direction.EXPENSE),
                t.CURRENCY.`in`(currencies),
            )
            .groupBy(t.OCCURRED_ON, t.CURRENCY, i.CATEGORY_ID, top)
            .fetch { r ->
                CategoryDay(r.get(t.OCCURRED_ON)!!, r.get(t.CURRENCY)!!, r.get(i.CATEGORY_ID)!!, r.get(top)!!, exactMinor(r.get(amount)))
            }
    }
}

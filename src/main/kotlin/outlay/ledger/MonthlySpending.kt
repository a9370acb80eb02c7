package outlay.ledger

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.MONTH_TOTALS
import outlay.ledger.statistics.MonthGrouping
import java.time.YearMonth
import java.util.UUID

/** Expenses of one month in one currency: for a category ([categoryId]) or over all categories (null). */
data class MonthSpent(val categoryId: UUID?, val month: YearMonth, val currency: String, val amountMinor: Long)

/**
 * The ledger's answer to "how much was spent, per category and month?" for modules above it (the
 * budgets): read from the monthly totals, one indexed statement whatever the number of
 * transactions. Expenses only, net of reductions; transfers are never in these rows (they are
 * grouped apart, for the balances), so they never count as spending.
 */
@Repository
class MonthlySpending(private val db: DSLContext) {
    private val cm = MONTH_TOTALS

    /**
     * Per month in [first]..[last] and currency: each of [rolledUp] with its children (a top-level
     * category), each of [alone] by itself (a child category), and over all categories when [overall].
     */
    fun expenses(userId: UUID, first: YearMonth, last: YearMonth, rolledUp: Set<UUID>, alone: Set<UUID>, overall: Boolean): List<MonthSpent> {
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
                MonthSpent(row.groupId.takeIf { row.groupedBy != MonthGrouping.ALL.code }, YearMonth.from(row.monthStart), row.currency, row.amountMinor)
            }
            .filter { it.amountMinor != 0L }
    }
}

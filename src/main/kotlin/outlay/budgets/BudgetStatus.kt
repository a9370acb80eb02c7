package outlay.budgets

import outlay.ledger.MonthSpent
import outlay.platform.Money
import java.time.LocalDate
import java.time.YearMonth

/**
 * Spent versus budget, from a budget and its spending per month and currency (already rolled up
 * to the budget's category). Pure arithmetic in minor units; what is left per day is rounded
 * down, so spending it every day never overruns the budget.
 */
object BudgetStatus {

    /** Days from [today] to the end of [month], today included: 0 once the month is over, all of them before it begins. */
    fun remainingDays(month: YearMonth, today: LocalDate): Int = when {
        month < YearMonth.from(today) -> 0
        month > YearMonth.from(today) -> month.lengthOfMonth()
        else -> month.lengthOfMonth() - today.dayOfMonth + 1
    }

    /** [spent]: this budget's spending for the months of [month]'s year up to [month], in every currency. */
    fun line(budget: BudgetRow, name: String?, month: YearMonth, days: Int, spent: List<MonthSpent>): BudgetLine {
        val (own, other) = spent.partition { it.currency == budget.currency }
        val monthSpent = own.filter { it.month == month }.sumOf { it.amountMinor }
        val yearSpent = own.sumOf { it.amountMinor }
        val unconverted = other.groupBy { it.currency }.toSortedMap().map { (currency, rows) ->
            UnconvertedSpending(currency, Money.format(rows.filter { it.month == month }.sumOf { it.amountMinor }, currency), Money.format(rows.sumOf { it.amountMinor }, currency))
        }
        return BudgetLine(
            budget.categoryId, name, budget.currency,
            period(budget.amountMinor, monthSpent, days, budget.currency),
            period(Math.multiplyExact(budget.amountMinor, month.monthValue.toLong()), yearSpent, days, budget.currency),
            unconverted,
        )
    }

    /** [budget] against [expenses] this month, a decimal in the budget's currency (null: nothing spent in it). */
    fun month(budget: BudgetRow, expenses: String?, days: Int): BudgetPeriod =
        period(budget.amountMinor, expenses?.let { Money.toMinor(it.toBigDecimal(), budget.currency) } ?: 0, days, budget.currency)

    private fun period(budget: Long, spent: Long, days: Int, currency: String): BudgetPeriod {
        val left = budget - spent
        val perDay = if (days == 0) null else Math.floorDiv(maxOf(left, 0), days.toLong())
        return BudgetPeriod(Money.format(budget, currency), Money.format(spent, currency), Money.format(left, currency), perDay?.let { Money.format(it, currency) })
    }
}

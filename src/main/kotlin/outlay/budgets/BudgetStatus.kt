package outlay.budgets

import outlay.ledger.Spent
import outlay.platform.Money
import outlay.platform.minusExact
import java.time.LocalDate
import java.time.YearMonth

/**
 * Spent versus budget, from a budget and its spending (already rolled up to the budget's category
 * and converted to its currency). Pure arithmetic in minor units; what is left per day is rounded
 * down, so spending it every day never overruns the budget.
 */
object BudgetStatus {

    /** Days from [today] to the end of [month], today included: 0 once the month is over, all of them before it begins. */
    fun remainingDays(month: YearMonth, today: LocalDate): Int = when {
        month < YearMonth.from(today) -> 0
        month > YearMonth.from(today) -> month.lengthOfMonth()
        else -> month.lengthOfMonth() - today.dayOfMonth + 1
    }

    /**
     * Days from [today] to the end of [month]'s year, today included, for the year so far: 0 once
     * [month] is over (its year so far is closed), the whole year when that year has not begun.
     */
    fun remainingDaysOfYear(month: YearMonth, today: LocalDate): Int = when {
        month < YearMonth.from(today) -> 0
        month.year > today.year -> month.atDay(1).lengthOfYear()
        else -> today.lengthOfYear() - today.dayOfYear + 1
    }

    /** [spent]: this budget's spending in [month] and in its year up to [month]; [days] and [yearDays] as [remainingDays] and [remainingDaysOfYear]. */
    fun line(budget: BudgetRow, name: String?, month: YearMonth, days: Int, yearDays: Int, spent: Spent): BudgetLine {
        val unconverted = spent.unconverted.map { UnconvertedSpending(it.currency, Money.format(it.monthMinor, it.currency), Money.format(it.yearMinor, it.currency)) }
        return BudgetLine(
            budget.categoryId, name, budget.currency,
            period(budget.amountMinor, spent.monthMinor, days, budget.currency),
            period(Math.multiplyExact(budget.amountMinor, month.monthValue.toLong()), spent.yearMinor, yearDays, budget.currency),
            unconverted,
        )
    }

    /** [budget] against [expenses] this month, a decimal in the budget's currency (null: nothing spent in it). */
    fun month(budget: BudgetRow, expenses: String?, days: Int): BudgetPeriod =
        period(budget.amountMinor, expenses?.let { Money.toMinor(it.toBigDecimal(), budget.currency) } ?: 0, days, budget.currency)

    private fun period(budget: Long, spent: Long, days: Int, currency: String): BudgetPeriod {
        val left = minusExact(budget, spent)
        val perDay = if (days == 0) null else Math.floorDiv(maxOf(left, 0), days.toLong())
        return BudgetPeriod(Money.format(budget, currency), Money.format(spent, currency), Money.format(left, currency), perDay?.let { Money.format(it, currency) })
    }
}

package outlay.budgets

import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.categories.CategoryService
import outlay.categories.CategoryView
import outlay.ledger.MonthlySpending
import outlay.ledger.Spent
import outlay.platform.ApiException
import outlay.platform.InputDomains
import outlay.platform.Money
import outlay.platform.NotFoundException
import outlay.platform.ProblemType
import outlay.platform.Reads
import outlay.platform.positiveMinor
import outlay.platform.validate
import outlay.preferences.PreferenceService
import java.time.Clock
import java.time.LocalDate
import java.time.YearMonth
import java.util.UUID

/**
 * Monthly budgets per category (a top-level category's children roll up into it) and overall,
 * and spending against them, read from the ledger's monthly totals: a status is four indexed
 * statements (preferences, budgets, category names, spending) whatever the number of transactions,
 * and with spending in other currencies the rates (two) and, for months whose rate changes within
 * the month, those currencies' day sums (one).
 */
@Service
class BudgetService(
    private val budgets: BudgetRepository,
    private val categories: CategoryService,
    private val preferences: PreferenceService,
    private val spending: MonthlySpending,
    private val clock: Clock,
) {

    @Reads
    fun list(userId: UUID): List<BudgetView> {
        val rows = budgets.list(userId)
        val named = categoriesOf(userId, rows)
        return sorted(rows, named).map { BudgetView(it.categoryId, it.categoryId?.let { id -> named[id]?.name }, Money.format(it.amountMinor, it.currency), it.currency) }
    }

    /** Sets the budget of [categoryId] (null: overall) in the user's home currency; setting it again replaces the amount. */
    @Transactional
    fun set(userId: UUID, categoryId: UUID?, request: BudgetRequest): BudgetView {
        val category = categoryId?.let { categories.findAll(userId, listOf(it)).firstOrNull() ?: throw NotFoundException("Category not found.") }
        val home = preferences.get(userId).homeCurrency ?: throw ApiException(
            HttpStatus.BAD_REQUEST, ProblemType.NO_HOME_CURRENCY, "Choose a home currency in your preferences first: budgets are in it.",
        )
        var minor = 0L
        validate {
            // an archived category takes no new spending: a budget for it would only ever show zero
            check(category?.archived != true, "target", "is archived: restore the category first, or choose another")
            positiveMinor("amount", request.amount.trim(), home)?.let { minor = it }
        }
        budgets.save(userId, BudgetRow(categoryId, minor, home), clock.instant())
        return BudgetView(categoryId, category?.name, Money.format(minor, home), home)
    }

    @Transactional
    fun delete(userId: UUID, categoryId: UUID?) {
        if (!budgets.delete(userId, categoryId)) throw NotFoundException(if (categoryId == null) "There is no overall budget." else "This category has no budget.")
    }

    /** Spent versus budget for [month] (default: the user's current month) and its year so far. */
    @Reads
    fun status(userId: UUID, month: YearMonth?): BudgetStatusView {
        validate { check(month == null || InputDomains.dateProblem(month.atDay(1)) == null && InputDomains.dateProblem(month.atEndOfMonth()) == null, "month", "must be between 1900-01 and 2199-12") }
        val chosen = preferences.get(userId) // read once: the time zone (today) and the home currency
        val today = chosen.today(clock)
        return status(userId, month ?: YearMonth.from(today), today, chosen.homeCurrency, budgets.list(userId))
    }

    /** The overall budget, or null; Home compares it with the month's expenses it has already read. */
    @Reads
    fun overall(userId: UUID): BudgetRow? = budgets.find(userId, null)

    private fun status(userId: UUID, month: YearMonth, today: LocalDate, home: String?, rows: List<BudgetRow>): BudgetStatusView {
        val days = BudgetStatus.remainingDays(month, today)
        val yearDays = BudgetStatus.remainingDaysOfYear(month, today)
        val named = categoriesOf(userId, rows)
        val live = sorted(rows.filter { it.categoryId == null || it.categoryId in named }, named)
        // budgets set under an earlier home currency keep theirs: spending converts to each budget's own currency
        val spent = live.groupBy { it.currency }.flatMap { (currency, same) -> spent(userId, month, currency, same, named).map { (key, s) -> (currency to key) to s } }.toMap()
        val lines = live.map {
            BudgetStatus.line(it, it.categoryId?.let { id -> named[id]?.name }, month, days, yearDays, spent[it.currency to it.categoryId] ?: Spent.NONE)
        }
        return BudgetStatusView(month.toString(), today, days, yearDays, home, lines)
    }

    /**
     * Expenses per budget of [currency] (the key: its category, null for overall) for [month] and
     * its year so far, converted to [currency] by the ledger as the statistics convert. The one
     * place that reads spending.
     */
    private fun spent(userId: UUID, month: YearMonth, currency: String, inCurrency: List<BudgetRow>, named: Map<UUID, CategoryView>): Map<UUID?, Spent> {
        val (alone, rolledUp) = inCurrency.mapNotNull { it.categoryId?.let(named::getValue) }.partition { it.parentId != null }
        return spending.expenses(userId, month, currency, rolledUp.map { it.id }.toSet(), alone.map { it.id }.toSet(), inCurrency.any { it.categoryId == null })
    }

    private fun categoriesOf(userId: UUID, rows: List<BudgetRow>): Map<UUID, CategoryView> {
        val ids = rows.mapNotNull { it.categoryId }
        return if (ids.isEmpty()) emptyMap() else categories.findAll(userId, ids).associateBy { it.id }
    }

    /** The overall budget first, then by category name. */
    private fun sorted(rows: List<BudgetRow>, named: Map<UUID, CategoryView>) =
        rows.sortedWith(compareBy({ it.categoryId != null }, { it.categoryId?.let { id -> named[id]?.name?.lowercase() } }))
}

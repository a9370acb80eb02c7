package outlay.ledger

import org.springframework.stereotype.Service
import outlay.categories.CategoryRef
import outlay.ledger.statistics.StatisticsFilter
import outlay.ledger.statistics.StatisticsService
import outlay.platform.Reads
import outlay.preferences.PreferenceService
import java.time.Clock
import java.time.LocalDate
import java.time.YearMonth
import java.util.UUID

/** A month at a glance, as Home shows it: spending per currency and per top-level category, and the latest transactions. */
data class MonthOverview(
    /** The user's today, in their time zone. */
    val today: LocalDate,
    val month: YearMonth,
    /** Per currency; empty when nothing was recorded this month. */
    val totals: List<MonthTotal>,
    /** Expenses per top-level category and currency, largest first. */
    val categories: List<MonthCategory>,
    val latest: List<TransactionView>,
    /** The month in the home currency, when one is chosen and the month has other currencies; null otherwise. */
    val inHome: MonthTotal? = null,
    /** Currencies with amounts this month that no rate converts to the home currency. */
    val unconverted: List<String> = emptyList(),
)

data class MonthTotal(val currency: String, val expenses: String, val income: String)

data class MonthCategory(val category: CategoryRef, val currency: String, val expenses: String)

/**
 * The ledger's answer to "how is this month going?" for the Home page (outlay.home asks; the
 * ledger knows nothing of it). Everything comes from the statistics the API serves — whole months
 * from the pre-aggregated monthly totals — and the first page of the transaction list.
 */
@Service
class MonthOverviews(
    private val stats: StatisticsService, private val transactions: TransactionService, private val preferences: PreferenceService, private val clock: Clock,
) {

    @Reads
    fun current(userId: UUID): MonthOverview {
        // "this month" is the user's: on the 1st in Auckland it is already the new month there
        val chosen = preferences.get(userId) // read once: the time zone and the home currency
        val today = chosen.today(clock)
        val month = YearMonth.from(today)
        val filter = StatisticsFilter(from = month.atDay(1), to = month.atEndOfMonth())
        // one figure across currencies, converted as the statistics do it (nothing converted at 1:1), from the same read
        val home = chosen.homeCurrency
        val (summary, inHome) = if (home == null) stats.summary(userId, filter) to null else stats.summaryAlsoInHome(userId, filter, home)
        val totals = summary.totals.map { MonthTotal(it.currency, it.expenses, it.income) }
        val categories = if (totals.none { it.expenses.toBigDecimal().signum() != 0 }) {
            emptyList()
        } else {
            stats.categories(userId, filter.copy(direction = Direction.EXPENSE), rollUp = true).categories.flatMap { c ->
                c.totals.filter { it.expenses.toBigDecimal().signum() != 0 }.map { MonthCategory(c.category, it.currency, it.expenses) }
            }.sortedByDescending { it.expenses.toBigDecimal() }
        }
        return MonthOverview(
            today, month, totals, categories, transactions.list(userId, ListFilter(), null, LATEST).items,
            inHome?.totals?.firstOrNull { it.currency == home }?.let { MonthTotal(it.currency, it.expenses, it.income) },
            inHome?.conversion?.unconverted.orEmpty(),
        )
    }

    companion object {
        const val LATEST = 5
    }
}

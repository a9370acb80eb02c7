package outlay.ledger.statistics

import jakarta.servlet.http.HttpServletRequest
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import outlay.accounts.AccountService
import outlay.accounts.AccountView
import outlay.categories.CategoryService
import outlay.categories.CategoryView
import outlay.platform.ApiException
import outlay.platform.Page
import outlay.preferences.PreferenceService
import outlay.sellers.SellerService
import outlay.sellers.SellerView
import outlay.web.FormErrors
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.QueryParams
import outlay.web.WebUser
import java.time.Clock

/** What the filter panel offers: the person's accounts, categories and sellers. */
data class FilterOptions(val accounts: List<AccountView>, val categories: List<CategoryView>, val sellers: List<SellerView>)

/** The five statistics and a page of the matching items, as the API computes them. */
data class StatisticsResult(
    val summary: SummaryResponse,
    val categories: CategoriesResponse,
    /** Null with [timelineProblem] when the range has too many periods for the granularity. */
    val timeline: TimelineResponse?,
    val timelineProblem: String?,
    val accounts: AccountsResponse,
    val sellers: SellersResponse,
    val items: Page<StatisticsItem>,
)

/**
 * Statistics in the browser: the filter panel (every field of the API's filter) and the five
 * statistics with their charts and tables, then the matching items. Every number comes from
 * [StatisticsService], the same calls the JSON API makes; the filter lives in the URL.
 */
@PageController
@RequestMapping("/app/statistics")
class StatisticsPages(
    private val stats: StatisticsService,
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
    private val clock: Clock,
    private val preferences: PreferenceService,
) : Pages {
    @GetMapping
    fun statistics(@AuthenticationPrincipal user: WebUser, request: HttpServletRequest): View {
        val params = QueryParams.of(request)
        val hasDates = request.parameterMap.containsKey("from") || request.parameterMap.containsKey("to")
        val chosen = preferences.get(user.id) // read once: the time zone and the home currency
        val today = chosen.today(clock) // the default month is the person's own, in their time zone
        val query = StatisticsQuery.of(params, hasDates, today)
        val options = FilterOptions(accounts.list(user.id, includeArchived = true), categories.list(user.id, includeArchived = true), sellers.list(user.id))
        val problems = params.errors.map { (name, text) -> "${name.replaceFirstChar { it.uppercase() }}: $text." }.toMutableList()
        val result = try {
            compute(user, query, chosen.homeCurrency)
        } catch (e: ApiException) {
            problems += (e.fieldErrors.map { "${it.field}: ${it.message}." }.ifEmpty { listOf(FormErrors.generalMessage(e)) })
            null
        }
        return statisticsPage(query, options, result, problems, today, chosen.homeCurrency)
    }

    /** [homeCurrency]: as read once for the page, passed to every statistic rather than read by each. */
    private fun compute(user: WebUser, query: StatisticsQuery, homeCurrency: String?): StatisticsResult {
        val f = query.filter
        val home = if (query.inHome) HomeCurrency.required(homeCurrency) else null
        val summary = stats.summary(user.id, f, home) // checks the filter's ids first: a refusal ends here
        val (timeline, timelineProblem) = try {
            stats.timeline(user.id, f, query.timelineGranularity, home) to null
        } catch (e: ApiException) {
            null to (e.fieldErrors.firstOrNull()?.message ?: e.detail)
        }
        return StatisticsResult(
            summary, stats.categories(user.id, f, query.rollUp, home), timeline, timelineProblem, stats.accounts(user.id, f, home),
            stats.sellers(user.id, f, TOP_SELLERS, home), stats.items(user.id, f, query.cursor, ITEMS_PAGE, home),
        )
    }

    companion object {
        const val TOP_SELLERS = 20
        const val ITEMS_PAGE = 50
    }
}

package outlay.home

import kotlinx.html.FlowContent
import org.springframework.security.core.annotation.AuthenticationPrincipal
import outlay.web.PageController
import outlay.web.Pages
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import outlay.accounts.AccountService
import outlay.budgets.BudgetService
import outlay.budgets.BudgetStatus
import outlay.budgets.homeBudget
import outlay.ledger.MonthOverviews
import outlay.observability.Operators
import outlay.recurring.PendingOccurrences
import outlay.web.Page
import outlay.web.WebUser

/** The app's entry pages: Home (the month at a glance) and More (everything else, for phones). */
@PageController
@RequestMapping("/app")
class HomePages(
    private val accounts: AccountService, private val months: MonthOverviews, private val budgets: BudgetService, private val operators: Operators,
    private val pending: PendingOccurrences,
) : Pages {

    @GetMapping
    fun home(@AuthenticationPrincipal user: WebUser): View {
        val accounts = accounts.withBalances(user.id, includeArchived = false)
        // without an account nothing can have been recorded: the page teaches the first step instead
        val overview = if (accounts.isEmpty()) null else months.current(user.id)
        // the overall budget against the month's expenses in its currency, which the overview has already read
        val budget = overview?.let { budgets.overall(user.id) }
        val names = accounts.associate { it.id to it.name }
        val o = overview?.takeIf { budget != null || it.totals.isNotEmpty() || it.latest.isNotEmpty() }
        val month: (FlowContent.(Page) -> Unit)? = if (o == null) null else { page ->
            budget?.let { b ->
                val days = BudgetStatus.remainingDays(o.month, o.today)
                // converted as the budgets page converts, when the month has other currencies than the budget's
                val expenses = o.inHome?.takeIf { it.currency == b.currency } ?: o.totals.firstOrNull { it.currency == b.currency }
                homeBudget(page, BudgetStatus.month(b, expenses?.expenses, days), b.currency, days)
            }
            monthSection(page, o, names)
        }
        return homePage(user, accounts, month, if (accounts.isEmpty()) 0 else pending.count(user.id))
    }

    @GetMapping("/more")
    fun more(@AuthenticationPrincipal user: WebUser): View = morePage(user, operator = operators.isOperator(user))
}

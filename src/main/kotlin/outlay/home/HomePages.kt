package outlay.home

import org.springframework.security.core.annotation.AuthenticationPrincipal
import outlay.web.PageController
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import outlay.accounts.AccountService
import outlay.ledger.MonthOverviews
import outlay.observability.Operators
import outlay.web.WebUser

/** The app's entry pages: Home (the month at a glance) and More (everything else, for phones). */
@PageController
@RequestMapping("/app")
class HomePages(private val accounts: AccountService, private val months: MonthOverviews, private val operators: Operators) {

    @GetMapping
    fun home(@AuthenticationPrincipal user: WebUser): View {
        val accounts = accounts.withBalances(user.id, includeArchived = false)
        // without an account nothing can have been recorded: the page teaches the first step instead
        val overview = if (accounts.isEmpty()) null else months.current(user.id)
        return homePage(user, accounts, overview?.takeIf { it.totals.isNotEmpty() || it.latest.isNotEmpty() }?.let { o -> { page -> monthSection(page, o, accounts.associate { it.id to it.name }) } })
    }

    @GetMapping("/more")
    fun more(@AuthenticationPrincipal user: WebUser): View = morePage(user, operator = operators.isOperator(user))
}

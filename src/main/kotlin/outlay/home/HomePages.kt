package outlay.home

import org.springframework.security.core.annotation.AuthenticationPrincipal
import outlay.web.PageController
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import outlay.accounts.AccountService
import outlay.observability.Operators
import outlay.web.WebUser

/** The app's entry pages: Home (the month at a glance) and More (everything else, for phones). */
@PageController
@RequestMapping("/app")
class HomePages(private val accounts: AccountService, private val operators: Operators) {

    @GetMapping
    fun home(@AuthenticationPrincipal user: WebUser): View = homePage(user, accounts.list(user.id, includeArchived = false))

    @GetMapping("/more")
    fun more(@AuthenticationPrincipal user: WebUser): View = morePage(user, operator = operators.isOperator(user))
}

package outlay.home

import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.web.servlet.View
import outlay.accounts.AccountView
import outlay.web.NEW_EXPENSE_HREF
import outlay.accounts.accountBalance
import outlay.ledger.NEW_TRANSFER_HREF
import outlay.web.Page
import outlay.web.Section
import outlay.web.WebUser
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.listRow
import outlay.web.icon
import outlay.web.pageHeader
import outlay.web.signOutButton

/** [pending]: how many occurrences of recurring rules that ask first wait to be confirmed. */
fun homePage(user: WebUser, accounts: List<AccountView>, month: (FlowContent.(Page) -> Unit)? = null, pending: Int = 0): View =
    appPage("Home", Section.HOME) { page ->
        pageHeader("Hello, ${user.displayName}", "Here is your month.") {
            if (accounts.size > 1) a(NEW_TRANSFER_HREF, classes = "button") { icon("payments"); +"Transfer" }
            if (accounts.isNotEmpty()) a(NEW_EXPENSE_HREF, classes = "button primary") { icon("add"); +"New expense" }
        }
        if (accounts.isEmpty()) {
            emptyCard(
                "account_balance_wallet", "Start with an account",
                "An account is where money is spent from: a wallet, a bank account, a card. " +
                    "Create one, then record your first expense.",
                "Create an account", "/app/accounts/new",
            )
            return@appPage
        }
        if (pending > 0) {
            section("section") {
                id = "home-pending"
                div("card") {
                    ul("list") {
                        val what = if (pending == 1) "1 recurring transaction" else "$pending recurring transactions"
                        li { listRow("/app/recurring", "event_repeat", "$what to confirm", "Confirm or skip on the Recurring page") { icon("chevron_right") } }
                    }
                }
            }
        }
        section("section") {
            id = "home-month"
            if (month != null) {
                month(page)
            } else {
                emptyCard(
                    "receipt_long", "Nothing recorded this month",
                    "Record a receipt with its items, and this month's spending by category appears here.",
                    "New expense", NEW_EXPENSE_HREF,
                )
            }
        }
        section("section") {
            h2("section-title") { +"Accounts" }
            div("card") {
                ul("list") {
                    accounts.forEach { account ->
                        li { listRow("/app/transactions?accountId=${account.id}", "account_balance_wallet", account.name, account.institution) { accountBalance(page, account) } }
                    }
                }
            }
        }
    }

/** [operator]: the person is named in `OUTLAY_ADMIN_EMAILS`, so the console is listed; to others it does not exist. */
fun morePage(user: WebUser, operator: Boolean): View = appPage("More", Section.MORE) { page ->
    pageHeader("More", "${user.displayName} · ${user.email}")
    div("card") {
        ul("list") {
            moreLink("/app/accounts", "account_balance_wallet", "Accounts", "Wallets, bank accounts and cards, each with its currency")
            moreLink("/app/categories", "category", "Categories", "Built-in and your own, with icons")
            moreLink("/app/sellers", "storefront", "Sellers", "Shops and websites, with their locations")
            moreLink("/app/recurring", "event_repeat", "Recurring", "Rent, salary, subscriptions recorded on their day")
            moreLink("/app/budgets", "savings", "Budgets", "Monthly budgets per category and overall, and what is left")
            moreLink("/app/preferences", "tune", "Preferences", "Home currency and time zone")
            moreLink("/app/rates", "currency_exchange", "Exchange rates", "Your own rates per day, before the published reference rates")
            moreLink("/app/import", "archive", "Import", "A bank's CSV, OFX or QIF file, previewed before anything is recorded")
            moreLink("/app/export", "unarchive", "Export", "Transactions as CSV, or everything as one archive")
            moreLink("/app/account/delete", "delete", "Delete my account", "Everything of yours removed, after an export if you wish")
            if (operator) moreLink("/app/admin", "bar_chart", "Operator console", "Routes, SQL, runtime and flame graphs of this server")
        }
    }
    div("card") { div("card-body") { signOutButton(page, "button block") } }
}

private fun kotlinx.html.UL.moreLink(href: String, iconName: String, title: String, text: String) =
    li { listRow(href, iconName, title, text) { icon("chevron_right") } }

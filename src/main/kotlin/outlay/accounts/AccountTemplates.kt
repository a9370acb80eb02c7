package outlay.accounts

import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.checkBoxInput
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.label
import kotlinx.html.li
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.Currencies
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.listRow
import outlay.web.newButton
import outlay.web.dangerCard
import outlay.web.field
import outlay.web.formError
import outlay.web.icon
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.selectField
import outlay.web.submit
import outlay.web.Page
import outlay.web.money

fun accountListPage(accounts: List<AccountView>): View = appPage("Accounts", Section.ACCOUNTS) { page ->
    pageHeader("Accounts", "Where your money is spent from.") {
        newButton("/app/accounts/new", "New account")
    }
    if (accounts.isEmpty()) {
        emptyCard(
            "account_balance_wallet", "No accounts yet",
            "Create an account for each wallet, bank account or card you pay with. Each has one currency.",
            "Create an account", "/app/accounts/new",
        )
        return@appPage
    }
    val (archived, active) = accounts.partition { it.archived }
    accountList(page, "Active", active)
    if (archived.isNotEmpty()) accountList(page, "Archived", archived)
}

/** The account's current balance as money (negative when it owes), with its currency. */
fun FlowContent.accountBalance(page: Page, account: AccountView) {
    account.balance?.let { money(page, it.toBigDecimal(), account.currency) } ?: span("badge") { +account.currency }
}

private fun FlowContent.accountList(page: Page, title: String, accounts: List<AccountView>) = section("section") {
    h2("section-title") { +title }
    div("card") {
        ul("list") {
            id = "accounts-${title.lowercase()}"
            accounts.forEach { account ->
                li {
                    val sub = listOfNotNull(account.institution, account.referenceNumber).joinToString(" · ").ifEmpty { "No institution" }
                    listRow("/app/accounts/${account.id}", "account_balance_wallet", account.name, sub) {
                        accountBalance(page, account)
                        icon("chevron_right")
                    }
                }
            }
        }
    }
}

/** Create ([account] null) or edit; [form] holds the stored values, or what the person entered when a save was refused. */
fun accountFormPage(account: AccountView?, form: FormValues, errors: FormErrors): View {
    val title = if (account == null) "New account" else "Edit account"
    val status = if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST
    return appPage(title, Section.ACCOUNTS, status) { page ->
        pageHeader(title, back = "/app/accounts" to "Accounts")
        div("card") {
            div("card-body") {
                postForm(page, account?.let { "/app/accounts/${it.id}" } ?: "/app/accounts", "form") {
                    formError(errors)
                    field("Name", "name", form["name"], errors, hint = "For example: Wallet, Checking, Visa card.") {
                        required = true; maxLength = "100"; autoFocus = account == null
                    }
                    val currency = form["currency"] ?: Currencies.forLocale(page.locale) ?: "EUR"
                    selectField(
                        "Currency", "currency", Currencies.options(page.money), currency, errors,
                        hint = if (account != null) "Can change only while no transaction uses the account." else null,
                    )
                    div("form-grid two") {
                        field("Institution (optional)", "institution", form["institution"], errors) { maxLength = "100" }
                        field("Reference (optional)", "referenceNumber", form["referenceNumber"], errors, hint = "E.g. the last digits of the card.") {
                            maxLength = "64"
                        }
                    }
                    if (account != null) {
                        label("check") {
                            checkBoxInput(name = "archived") { value = "true"; checked = form.checked("archived") }
                            +"Archived (kept for history, hidden when recording)"
                        }
                    }
                    div("actions") { submit(if (account == null) "Create account" else "Save changes") }
                }
            }
        }
        if (account != null) {
            dangerCard(
                page, "/app/accounts/${account.id}/remove", "Remove this account?", "Remove account",
                "An account with transactions is archived instead of deleted.",
            )
        }
    }
}

package outlay.ledger

import kotlinx.html.FlowContent
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.hiddenInput
import kotlinx.html.p
import kotlinx.html.span
import kotlinx.html.strong
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.accounts.AccountView
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.field
import outlay.web.formError
import outlay.web.listRow
import outlay.web.money
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.selectField
import outlay.web.submit
import java.util.UUID

/** Record ([transfer] null) or edit a transfer; [form] holds the stored values, or what was entered when a save was refused. */
fun transferFormPage(transfer: TransferView?, accounts: List<AccountView>, form: FormValues, errors: FormErrors): View {
    val title = if (transfer == null) "New transfer" else "Edit transfer"
    return appPage(title, Section.TRANSACTIONS, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
        pageHeader(title, "Money moved between your own accounts: not spending, not income.", back = "/app/transactions" to "Transactions")
        if (accounts.size < 2) {
            emptyCard("account_balance_wallet", "Two accounts needed", "A transfer moves money from one of your accounts to another. Create a second account first.", "New account", "/app/accounts/new")
            return@appPage
        }
        div("card") {
            div("card-body") {
                postForm(page, transfer?.let { "/app/transfers/${it.id}" } ?: "/app/transfers", "form") {
                    formError(errors)
                    errors["id"]?.let { p("error") { +it } }
                    hiddenInput(name = "id") { value = form["id"] ?: "" }
                    val options = listOf("" to "Choose an account") + accounts.map { it.id.toString() to "${it.name} (${it.currency})" }
                    div("form-grid two") {
                        selectField("From", "fromAccountId", options, form["fromAccountId"], errors) { required = true }
                        selectField("To", "toAccountId", options, form["toAccountId"], errors) { required = true }
                    }
                    div("form-grid two") {
                        field("Amount sent", "amount", form["amount"], errors, hint = "In the currency of the account it leaves, e.g. 100.00.") {
                            required = true; attributes["inputmode"] = "decimal"; maxLength = "20"
                        }
                        field("Amount received", "receivedAmount", form["receivedAmount"], errors, hint = "Only between accounts of different currencies: what arrived.") {
                            attributes["inputmode"] = "decimal"; maxLength = "20"
                        }
                    }
                    field("Date", "date", form["date"], errors, InputType.date) { required = true }
                    field("Note (optional)", "note", form["note"], errors) { maxLength = "500" }
                    div("actions") { submit(if (transfer == null) "Record transfer" else "Save changes") }
                }
            }
        }
        if (transfer != null) {
            // the post answers a confirmation page (no script-made dialog), as a transaction's Delete does
            div("card") {
                div("card-body") {
                    postForm(page, "/app/transfers/${transfer.id}/delete") {
                        div("actions") { submit("Delete transfer", "button danger"); span("hint") { +"Both accounts' balances change back." } }
                    }
                }
            }
        }
    }
}

fun transferDeletePage(transfer: TransferView, accounts: List<AccountView>): View = appPage("Delete transfer?", Section.TRANSACTIONS) { page ->
    pageHeader("Delete this transfer?", back = "/app/transfers/${transfer.id}" to "Back")
    div("card") {
        div("card-body") {
            h2 { +transferTitle(transfer, accounts.associate { it.id to it.name }) }
            p { +"${transfer.date} \u00b7 "; strong { transferAmounts(page, transfer) } }
            p { +"Both accounts' balances change back. This cannot be undone." }
            postForm(page, "/app/transfers/${transfer.id}/delete") {
                hiddenInput(name = "confirmed") { value = "true" }
                div("actions") {
                    submit("Delete", "button danger")
                    a("/app/transfers/${transfer.id}", classes = "button ghost") { +"Keep it" }
                }
            }
        }
    }
}

fun transferTitle(t: TransferView, names: Map<UUID, String>) = "${names[t.fromAccountId] ?: "Account"} \u2192 ${names[t.toAccountId] ?: "Account"}"

/** What left and, in another currency, what arrived: "100.00 EUR → 108.37 USD". */
fun FlowContent.transferAmounts(page: Page, t: TransferView) = span("transfer-amounts") {
    money(page, t.sent.toBigDecimal(), t.sentCurrency)
    if (t.sentCurrency != t.receivedCurrency) {
        +" \u2192 "
        money(page, t.received.toBigDecimal(), t.receivedCurrency)
    }
}

/** A transfer in a list: from → to, both amounts, the note; it opens the transfer's edit page. */
fun FlowContent.transferRow(page: Page, entry: TransactionView, transfer: TransferView, names: Map<UUID, String>) =
    listRow("/app/transfers/${transfer.id}", "payments", transferTitle(transfer, names), listOfNotNull("Transfer", transfer.note).joinToString(" \u00b7 ")) {
        transferAmounts(page, transfer)
        balanceAfter(page, entry)
    }

/** The account's balance after [entry], when the list is one account's. */
fun FlowContent.balanceAfter(page: Page, entry: TransactionView) {
    val balance = entry.balance ?: return
    span("row-balance") { +"Balance "; money(page, balance.toBigDecimal(), entry.currency) }
}

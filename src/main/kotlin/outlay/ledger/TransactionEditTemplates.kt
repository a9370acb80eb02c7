package outlay.ledger

import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.hiddenInput
import kotlinx.html.p
import kotlinx.html.strong
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.FormErrors
import outlay.web.Section
import outlay.web.appPage
import outlay.web.formError
import outlay.web.money
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.submit

fun transactionHref(id: java.util.UUID) = "/app/transactions/$id"

/** Everything of a saved transaction: receipts, header and items (stored on Save), and a way to delete it. */
fun transactionEditPage(transaction: TransactionView, fields: TransactionFields, errors: FormErrors, context: FormContext, status: HttpStatus): View {
    val what = if (transaction.direction == Direction.INCOME) "income" else "expense"
    return appPage("Edit $what", Section.TRANSACTIONS, status) { page ->
        pageHeader("Edit $what", "Changes to the details and items are kept when you save; receipts and photos at once.", back = transactionHref(transaction.id) to "Back")
        formError(errors)
        receipts(page, context)
        transactionForm(page, "edit-form", context.base, fields, errors, context) {
            primaryButton("save", "Save changes")
            a(transactionHref(transaction.id), classes = "button ghost") { +"Cancel" }
        }
        div("card") {
            div("card-body") {
                postForm(page, "${transactionHref(transaction.id)}/delete") {
                    div("actions") {
                        submit("Delete this $what", "button danger")
                        p("hint") { +"You will be asked to confirm." }
                    }
                }
            }
        }
    }
}

/** The confirmation step of a delete: shown by the first post, so it holds with and without JavaScript. */
fun deleteConfirmPage(transaction: TransactionView): View {
    val what = if (transaction.direction == Direction.INCOME) "income" else "expense"
    return appPage("Delete $what?", Section.TRANSACTIONS) { page ->
        pageHeader("Delete this $what?", back = transactionHref(transaction.id) to "Back")
        div("card") {
            div("card-body") {
                h2 { +(transaction.sellerName ?: "No seller") }
                p {
                    +"${transaction.date} \u00b7 ${transaction.items.size} item${if (transaction.items.size == 1) "" else "s"} \u00b7 "
                    strong { money(page, java.math.BigDecimal(transaction.total), transaction.currency, income = transaction.direction == Direction.INCOME) }
                }
                p { +"It is removed with its items, receipts and photos, and leaves the statistics. This cannot be undone." }
                postForm(page, "${transactionHref(transaction.id)}/delete") {
                    hiddenInput(name = "confirmed") { value = "true" }
                    div("actions") {
                        submit("Delete", "button danger")
                        a(transactionHref(transaction.id), classes = "button ghost") { +"Keep it" }
                    }
                }
            }
        }
    }
}

package outlay.exchange

import kotlinx.html.FlowContent
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.p
import kotlinx.html.role
import kotlinx.html.span
import kotlinx.html.section
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.FormErrors
import outlay.web.Section
import outlay.web.appPage
import outlay.web.field
import outlay.web.formError
import outlay.web.icon
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.submit

/** The two downloads; [query] is the statistics filter the CSV applies (null: everything). */
fun exportPage(query: String?, problems: List<String>): View =
    appPage("Export", Section.EXPORT) { _ ->
        pageHeader("Export", "Your data is yours: take it anywhere, or into another Outlay.")
        section("section") {
            h2("section-title") { +"Transactions as CSV" }
            div("card") {
                div("card-body") {
                    p {
                        +if (query.isNullOrEmpty()) "Every item of every transaction, one row each. To export part of them, filter the statistics first and follow its export link."
                        else "The items the statistics filter shows, one row each."
                    }
                    problems.forEach { div("alert error") { role = "alert"; icon("warning"); span { +it } } }
                    p("hint") { +"Columns: transaction, date, direction, mode, account, seller, category, description, amount, currency, note. The importer reads this file back unchanged." }
                    if (problems.isEmpty()) a("/app/export/transactions.csv" + (query?.takeIf { it.isNotEmpty() }?.let { "?$it" } ?: ""), classes = "button primary") {
                        attributes["download"] = ""
                        attributes["hx-boost"] = "false"
                        icon("unarchive"); +"Download CSV"
                    }
                }
            }
        }
        section("section") {
            h2("section-title") { +"Everything" }
            div("card") {
                div("card-body") {
                    p { +"Accounts, categories, sellers, transactions with their items, receipts and photos, as one zip archive that another Outlay imports with every id kept." }
                    fullExportLink()
                }
            }
        }
    }

/** Leaving: the full export offered first, then the password entered again. */
fun leavePage(errors: FormErrors): View = appPage("Delete my account", Section.MORE, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
    pageHeader("Delete my account", "Every transaction, receipt, photo and setting of yours is removed for good.", back = "/app/more" to "More")
    div("card") {
        div("card-body") {
            p { +"Take your data with you first: the full export holds everything, and another Outlay can import it." }
            fullExportLink()
        }
    }
    div("card") {
        div("card-body") {
            postForm(page, "/app/account/delete", "form", confirm = "Delete your account and everything in it? This cannot be undone.") {
                formError(errors)
                field("Password", "password", null, errors, InputType.password, hint = "Enter your password again to confirm.") {
                    attributes["autocomplete"] = "current-password"
                }
                div("actions") { submit("Delete my account and all my data", "button danger") }
            }
        }
    }
}

/** The archive download: a plain link (no htmx), which the browser saves as a file. */
private fun FlowContent.fullExportLink() = a("/app/export/full", classes = "button") {
    attributes["download"] = ""
    attributes["hx-boost"] = "false"
    icon("unarchive"); +"Download everything"
}

package outlay.budgets

import kotlinx.html.FlowContent
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.progress
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.categories.CategoryView
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.field
import outlay.web.formError
import outlay.web.money
import outlay.web.month
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.selectField
import outlay.web.submit

/** The budgets page: each budget's month and year so far, and the form to set one; [homeCurrency] null: budgets cannot be set yet. */
fun budgetPage(status: BudgetStatusView, categories: List<CategoryView>, homeCurrency: String?, form: FormValues, errors: FormErrors): View {
    val httpStatus = if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST
    return appPage("Budgets", Section.MORE, httpStatus) { page ->
        pageHeader("Budgets", "Spent versus budget, per month and for the year so far.", back = "/app/more" to "More")
        if (homeCurrency == null) {
            emptyCard("tune", "Choose a home currency first", "Budgets are set in your home currency.", "Preferences", "/app/preferences")
            return@appPage
        }
        section("section") {
            id = "budgets"
            if (status.budgets.isEmpty()) {
                emptyCard("savings", "No budgets yet", "Set a monthly budget for everything, or for a category, below.")
            } else {
                h2("section-title") { +page.month(java.time.YearMonth.parse(status.month)) }
                div("card") {
                    ul("list") { status.budgets.forEach { line -> li { budgetRow(page, line, status.remainingDays, status.remainingDaysOfYear) } } }
                }
            }
        }
        section("section") {
            h2("section-title") { +"Set a budget" }
            div("card") {
                div("card-body") {
                    postForm(page, "/app/budgets", "form") {
                        formError(errors)
                        val options = listOf("overall" to "Everything (overall)") +
                            categories.sortedBy { it.name.lowercase() }.map { it.id.toString() to (if (it.parentId != null) "\u2003" else "") + it.name }
                        selectField("Budget for", "target", options, form["target"] ?: "overall", errors, hint = "A category's budget includes its subcategories.")
                        field("Amount per month ($homeCurrency)", "amount", form["amount"], errors, InputType.text) { attributes["inputmode"] = "decimal" }
                        div("actions") { submit("Save budget") }
                    }
                }
            }
        }
    }
}

/** One budget: spent of budget this month with a bar, what is left (per day), the year so far, and a remove button. */
private fun FlowContent.budgetRow(page: Page, line: BudgetLine, days: Int, yearDays: Int) = div("budget") {
    val target = line.categoryId?.toString() ?: "overall"
    id = "budget-$target"
    div("budget-head") {
        span("budget-name") { +(line.categoryName ?: "Overall") }
        postForm(page, "/app/budgets/$target/delete", confirm = "Remove this budget?") { submit("Remove", "button ghost small") }
    }
    budgetSummary(page, line.month, line.currency, days)
    p("tile-sub") {
        val year = line.yearToDate
        +"Year so far: "; money(page, year.spent.toBigDecimal(), line.currency); +" of "; money(page, year.budget.toBigDecimal(), line.currency)
        year.leftPerDay?.takeIf { year.left.toBigDecimal().signum() >= 0 }?.let { perDay ->
            +" \u00b7 "; money(page, perDay.toBigDecimal(), line.currency); +" a day for the year's $yearDays ${if (yearDays == 1) "day" else "days"} left"
        }
    }
    // what no rate converts is named, never counted 1:1 and never left out unsaid
    line.unconverted.forEach { u ->
        p("tile-sub budget-unconverted") {
            +"Not included, no rate from ${u.currency} to ${line.currency}: "; money(page, u.month.toBigDecimal(), u.currency); +" this month, "
            money(page, u.year.toBigDecimal(), u.currency); +" this year"
        }
    }
}

/** Spent of budget this month as a bar and in figures, then what is left and per remaining day; Home shows it for the overall budget. */
fun FlowContent.budgetSummary(page: Page, m: BudgetPeriod, currency: String, days: Int) {
    progress("budget-bar") {
        attributes["max"] = m.budget
        attributes["value"] = m.spent.toBigDecimal().max(java.math.BigDecimal.ZERO).min(m.budget.toBigDecimal()).toPlainString()
        attributes["aria-label"] = "Spent of budget"
    }
    p("budget-figures") {
        money(page, m.spent.toBigDecimal(), currency); +" spent of "; money(page, m.budget.toBigDecimal(), currency)
    }
    p("tile-sub") {
        val left = m.left.toBigDecimal()
        if (left.signum() < 0) {
            +"Over by "; money(page, left.negate(), currency)
        } else {
            money(page, left, currency); +" left"
            m.leftPerDay?.let { perDay -> +" \u00b7 "; money(page, perDay.toBigDecimal(), currency); +" a day for $days ${if (days == 1) "day" else "days"}" }
        }
    }
}

/** Home's card for the overall budget. */
fun FlowContent.homeBudget(page: Page, month: BudgetPeriod, currency: String, days: Int) = div("card") {
    id = "home-budget"
    div("card-body") {
        h2("section-title") { +"Budget this month" }
        budgetSummary(page, month, currency, days)
        p("card-link") { a("/app/budgets") { +"All budgets" } }
    }
}

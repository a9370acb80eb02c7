package outlay.home

import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.td
import kotlinx.html.ul
import outlay.ledger.MonthOverview
import outlay.ledger.transactionRow
import outlay.web.Bar
import outlay.web.NEW_EXPENSE_HREF
import outlay.web.Page
import outlay.web.barTable
import outlay.web.emptyCard
import outlay.web.money
import outlay.web.month

/** Home's month: what was spent per currency, where it went (by category), and the latest transactions. */
fun FlowContent.monthSection(page: Page, o: MonthOverview, names: Map<java.util.UUID, String> = emptyMap()) {
    val statistics = "/app/statistics?from=${o.month.atDay(1)}&to=${o.month.atEndOfMonth()}"
    if (o.totals.isEmpty()) {
        emptyCard(
            "receipt_long", "Nothing recorded this month",
            "Record a receipt with its items, and this month's spending by category appears here.", "New expense", NEW_EXPENSE_HREF,
        )
    } else {
        h2("section-title") { +page.month(o.month) }
        homeTotal(page, o)
        div("tiles") {
            id = "month-totals"
            o.totals.forEach { total ->
                div("card tile") {
                    span("tile-label") { +"Spent (${total.currency})" }
                    span("tile-value") { money(page, total.expenses.toBigDecimal(), total.currency) }
                    if (total.income.toBigDecimal().signum() != 0) {
                        span("tile-sub") { +"Income "; money(page, total.income.toBigDecimal(), total.currency, income = true) }
                    }
                }
            }
        }
        o.categories.groupBy { it.currency }.forEach { (currency, rows) ->
            div("card") {
                div("card-body") {
                    barTable(
                        "Spending by category in $currency", listOf("Category", "Spent"),
                        rows.map { row ->
                            Bar(row.category.name, row.expenses.toBigDecimal(), row.category.icon) {
                                td("num") { money(page, row.expenses.toBigDecimal(), currency) }
                            }
                        },
                        id = "month-categories-$currency",
                    )
                }
            }
        }
        p("card-link") { a(statistics) { +"See the month in Statistics" } }
    }
    if (o.latest.isNotEmpty()) {
        section("section") {
            h2("section-title") { +"Latest transactions" }
            div("card") {
                ul("list") {
                    id = "latest"
                    o.latest.forEach { li { transactionRow(page, it, names) } }
                }
            }
            p("card-link") { a("/app/transactions") { +"All transactions" } }
        }
    }
}

/** The month's spending in the home currency, and what no rate converts (it stays in its own tile). */
private fun FlowContent.homeTotal(page: Page, o: MonthOverview) {
    val total = o.inHome ?: return
    div("tiles") {
        id = "month-home"
        div("card tile") {
            span("tile-label") { +"Spent in all (${total.currency})" }
            span("tile-value") { money(page, total.expenses.toBigDecimal(), total.currency) }
            span("tile-sub") {
                +"At each day's rate"
                if (o.unconverted.isNotEmpty()) +"; without a rate, not included: ${o.unconverted.joinToString(", ")}"
            }
        }
    }
}

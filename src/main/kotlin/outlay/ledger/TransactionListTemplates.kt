package outlay.ledger

import kotlinx.html.FlowContent
import kotlinx.html.FormMethod
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.form
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.role
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.web.servlet.View
import outlay.accounts.AccountView
import outlay.platform.Page as ListPage
import outlay.web.FormErrors
import outlay.web.NEW_EXPENSE_HREF
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.field
import outlay.web.icon
import outlay.web.listRow
import outlay.web.longDate
import outlay.web.money
import outlay.web.newButton
import outlay.web.pageHeader
import outlay.web.selectField
import outlay.web.submit
import java.util.UUID

const val NEW_TRANSFER_HREF = "/app/transfers/new"

fun transactionListPage(
    query: ListQuery, accounts: List<AccountView>, page: ListPage<TransactionView>, days: List<DayTotal>, problems: List<String>,
): View = appPage("Transactions", Section.TRANSACTIONS) { p ->
    pageHeader("Transactions", "Newest first, grouped by day.") {
        a(query.exportUrl(), classes = "button") { icon("unarchive"); +"Export" }
        a(NEW_TRANSFER_HREF, classes = "button") { icon("payments"); +"New transfer" }
        newButton(NEW_EXPENSE_HREF, "New expense")
    }
    listFilter(query, accounts)
    problems.forEach { div("alert error") { role = "alert"; icon("warning"); span { +it } } }
    if (page.items.isEmpty() && query.cursor == null) {
        if (query.filtered) {
            emptyCard("search", "No matching transactions", "Nothing matches this filter. Widen the dates or clear the filter.", "Clear the filter", "/app/transactions")
        } else {
            emptyCard("receipt_long", "No transactions yet", "Record a receipt with its items, and it appears here.", "New expense", NEW_EXPENSE_HREF)
        }
        return@appPage
    }
    div {
        id = "tx-pages"
        listChunk(p, query, page, days, accounts.associate { it.id to it.name })
    }
}

/**
 * One page of the list: its days, then the way to the next page. "Load more" fetches the next page
 * and puts its chunk where the link was (htmx picks it out of the whole page); without JavaScript
 * the same link simply opens the next page.
 */
private fun FlowContent.listChunk(p: Page, query: ListQuery, page: ListPage<TransactionView>, days: List<DayTotal>, names: Map<UUID, String>) = div("tx-chunk") {
    val totals = days.groupBy { it.date }
    page.items.groupBy { it.date }.forEach { (date, transactions) ->
        section("day") {
            // appended below the day's first part: no second heading (a page opened on its own has it)
            if (date == query.continues) h2("visually-hidden") { +"${p.longDate(date)}, continued" } else div("day-head") {
                h2 { +p.longDate(date) }
                span("day-totals") {
                    totals[date].orEmpty().forEach { total ->
                        if (total.expenses.toBigDecimal().signum() != 0 || total.income.toBigDecimal().signum() == 0) {
                            money(p, total.expenses.toBigDecimal(), total.currency, income = false)
                        }
                        if (total.income.toBigDecimal().signum() != 0) money(p, total.income.toBigDecimal(), total.currency, income = true)
                    }
                }
            }
            div("card") { ul("list") { transactions.forEach { li { transactionRow(p, it, names) } } } }
        }
    }
    page.nextCursor?.let { cursor ->
        div("more") {
            a(query.url(cursor), classes = "button block") {
                attributes["hx-get"] = query.url(cursor, continues = page.items.lastOrNull()?.date)
                attributes["hx-select"] = ".tx-chunk"
                attributes["hx-target"] = "closest .more"
                attributes["hx-swap"] = "outerHTML"
                attributes["hx-push-url"] = "false"
                +"Load more"
            }
        }
    }
    if (page.nextCursor == null && query.cursor != null) p("end") { +"That is everything. "; a(query.url()) { +"Back to the newest" } }
}

/**
 * A transaction as one row: its first category's icon, the seller (or first item), what it holds,
 * and its total; a transfer as from → to with both amounts ([names]: account names by id).
 */
fun FlowContent.transactionRow(p: Page, t: TransactionView, names: Map<UUID, String> = emptyMap()) {
    t.transfer?.let { return transferRow(p, t, it, names) }
    val first = t.items.firstOrNull()
    val title = t.sellerName ?: first?.description ?: first?.category?.name ?: "Transaction"
    // with a seller as the title the items say what was bought; without one the title is the first item, so its categories follow
    val what = if (t.sellerName != null) t.items.mapNotNull { it.description ?: it.category?.name }.distinct()
    else t.items.mapNotNull { it.category?.name }.distinct()
    val sub = listOfNotNull(
        what.take(3).joinToString(", ").ifEmpty { null }?.let { if (what.size > 3) "$it, \u2026" else it },
        t.note,
    ).joinToString(" \u00b7 ").ifEmpty { modeLabel(t.mode) }
    listRow("/app/transactions/${t.id}", first?.category?.icon ?: "receipt_long", title, sub) {
        money(p, t.total.toBigDecimal(), t.currency, income = t.direction == Direction.INCOME)
        balanceAfter(p, t)
    }
}

private fun FlowContent.listFilter(query: ListQuery, accounts: List<AccountView>) = div("card filters") {
    form(action = "/app/transactions", method = FormMethod.get, classes = "card-body filter-form") {
        role = "search"
        attributes["aria-label"] = "Filter transactions"
        val f = query.filter
        div("form-grid filter-grid") {
            field("Search", "text", f.text, FormErrors.NONE, InputType.search, hint = "Description, brand, note or seller") { maxLength = "100" }
            selectField(
                "Account", "accountId", listOf("" to "All accounts") + accounts.map { it.id.toString() to "${it.name} (${it.currency})" },
                f.accountId?.toString() ?: "", FormErrors.NONE,
            )
            field("From", "from", f.from?.toString(), FormErrors.NONE, InputType.date)
            field("To", "to", f.to?.toString(), FormErrors.NONE, InputType.date)
        }
        div("actions") {
            submit("Filter", "button primary small")
            if (query.filtered) a("/app/transactions", classes = "button ghost small") { +"Clear" }
        }
    }
}

fun modeLabel(mode: Mode) = when (mode) {
    Mode.CARD -> "Card"
    Mode.TRANSFER -> "Transfer"
    Mode.CASH -> "Cash"
    Mode.OTHER -> "Other"
}

package outlay.ledger.statistics

import kotlinx.html.FlowContent
import kotlinx.html.FormMethod
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.checkBoxInput
import kotlinx.html.details
import kotlinx.html.div
import kotlinx.html.fieldSet
import kotlinx.html.form
import kotlinx.html.id
import kotlinx.html.label
import kotlinx.html.legend
import kotlinx.html.option
import kotlinx.html.role
import kotlinx.html.select
import kotlinx.html.span
import kotlinx.html.summary
import outlay.ledger.Direction
import outlay.ledger.Mode
import outlay.ledger.modeLabel
import outlay.web.FormErrors
import outlay.web.Page
import outlay.web.field
import outlay.web.icon
import outlay.web.selectField
import outlay.web.submit
import java.time.DayOfWeek
import java.time.LocalDate
import java.time.format.TextStyle

/** Quick ranges, then the full filter (every field of the API's filter) in a panel that opens when something beyond the dates is set. */
fun FlowContent.statisticsFilter(p: Page, query: StatisticsQuery, options: FilterOptions, today: LocalDate) {
    val f = query.filter
    val month = today.withDayOfMonth(1)
    div("ranges") {
        attributes["aria-label"] = "Quick ranges"
        role = "group"
        range(query, "This month", month, month.plusMonths(1).minusDays(1))
        range(query, "Last month", month.minusMonths(1), month.minusDays(1))
        range(query, "This year", today.withDayOfYear(1), today.withDayOfYear(today.lengthOfYear()))
        range(query, "All time", null, null)
    }
    details("card filters") {
        if (query.narrowed) attributes["open"] = ""
        summary { icon("search", "icon small"); span { +"Filter" } }
        form(action = "/app/statistics", method = FormMethod.get, classes = "card-body filter-form") {
            id = "statistics-filter"
            div("form-grid filter-grid") {
                field("From", "from", f.from?.toString(), FormErrors.NONE, InputType.date)
                field("To", "to", f.to?.toString(), FormErrors.NONE, InputType.date)
                field("Text", "text", f.text, FormErrors.NONE, InputType.search, hint = "In the note or an item's description") { maxLength = "100" }
                selectField(
                    "Direction", "direction", listOf("" to "Expenses and income", "expense" to "Expenses", "income" to "Income"),
                    f.direction?.json ?: "", FormErrors.NONE,
                )
                multiSelect("Accounts", "accountIds", options.accounts.map { it.id.toString() to "${it.name} (${it.currency})" }, f.accountIds.map { it.toString() })
                val byParent = options.categories.groupBy { it.parentId }
                val categoryOptions = byParent[null].orEmpty().flatMap { parent ->
                    listOf(parent.id.toString() to parent.name) + byParent[parent.id].orEmpty().map { it.id.toString() to "\u2003${parent.name} \u203a ${it.name}" }
                }
                multiSelect("Categories", "categoryIds", categoryOptions, f.categoryIds.map { it.toString() })
                multiSelect("Sellers", "sellerIds", options.sellers.map { it.id.toString() to it.name }, f.sellerIds.map { it.toString() })
                selectField(
                    "Photos", "hasImage", listOf("" to "Items with or without", "true" to "Items with a photo", "false" to "Items without a photo"),
                    f.hasImage?.toString() ?: "", FormErrors.NONE,
                )
                selectField(
                    "Receipts", "hasDocument", listOf("" to "With or without", "true" to "With a receipt or document", "false" to "Without"),
                    f.hasDocument?.toString() ?: "", FormErrors.NONE,
                )
                selectField(
                    "Categories shown", "rollUp", listOf("true" to "Children added into their parents", "false" to "Each category on its own"),
                    query.rollUp.toString(), FormErrors.NONE,
                )
                selectField(
                    "Timeline by", "granularity", listOf("" to "Automatic", "day" to "Day", "week" to "Week", "month" to "Month"),
                    query.granularity?.json ?: "", FormErrors.NONE,
                )
            }
            checks("Paid by", "modes", Mode.entries.map { it.json to modeLabel(it) }, f.modes.map { it.json })
            checks(
                "Weekdays", "weekdays", DayOfWeek.entries.map { it.value.toString() to it.getDisplayName(TextStyle.SHORT, p.locale) },
                f.weekdays.map { it.toString() },
            )
            div("actions") {
                submit("Apply", "button primary small")
                a("/app/statistics", classes = "button ghost small") { +"Reset" }
            }
        }
    }
}

private fun FlowContent.range(query: StatisticsQuery, text: String, from: LocalDate?, to: LocalDate?) {
    val current = query.filter.from == from && query.filter.to == to
    a(query.url(filter = query.filter.copy(from = from, to = to)), classes = if (current) "button small primary" else "button small") {
        if (current) attributes["aria-current"] = "true"
        +text
    }
}

/** A labelled multiple choice (Ctrl/Cmd-click on desktop, the native picker on phones). */
private fun FlowContent.multiSelect(label: String, name: String, options: List<Pair<String, String>>, selected: List<String>) = div("field") {
    val id = "f-$name"
    label { htmlFor = id; +label }
    select {
        this.id = id
        this.name = name
        multiple = true
        attributes["size"] = options.size.coerceIn(2, 5).toString()
        options.forEach { (value, text) -> option { this.value = value; this.selected = value in selected; +text } }
    }
}

private fun FlowContent.checks(legend: String, name: String, options: List<Pair<String, String>>, checked: List<String>) =
    fieldSet("checks") {
        legend("legend") { +legend }
        div("check-row") {
            options.forEach { (value, text) ->
                label("check") {
                    checkBoxInput(name = name) { this.value = value; this.checked = value in checked }
                    +text
                }
            }
        }
    }

/** The direction's word in the page. */
fun directionLabel(direction: Direction?) = when (direction) {
    Direction.EXPENSE -> "Expenses"
    Direction.INCOME -> "Income"
    null -> "Expenses and income"
}

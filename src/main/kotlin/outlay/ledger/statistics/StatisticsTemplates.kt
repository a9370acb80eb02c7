package outlay.ledger.statistics

import kotlinx.html.FlowContent
import kotlinx.html.TR
import kotlinx.html.ThScope
import kotlinx.html.a
import kotlinx.html.caption
import kotlinx.html.details
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.p
import kotlinx.html.role
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.summary
import kotlinx.html.table
import kotlinx.html.tbody
import kotlinx.html.td
import kotlinx.html.th
import kotlinx.html.thead
import kotlinx.html.tr
import org.springframework.web.servlet.View
import outlay.ledger.Direction
import outlay.web.Bar
import outlay.web.Column
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.barTable
import outlay.web.columnChart
import outlay.web.emptyCard
import outlay.web.icon
import outlay.web.money
import outlay.web.month
import outlay.web.QueryParams
import outlay.web.pageHeader
import outlay.web.shortDate
import outlay.web.tableWrap
import java.math.BigDecimal
import java.time.LocalDate
import java.time.YearMonth

fun statisticsPage(query: StatisticsQuery, options: FilterOptions, result: StatisticsResult?, problems: List<String>, today: LocalDate, home: String?): View =
    appPage("Statistics", Section.STATISTICS) { p ->
        val f = query.filter
        val range = when {
            f.from != null && f.to != null -> "${p.shortDate(f.from)} \u2013 ${p.shortDate(f.to)}"
            f.from != null -> "From ${p.shortDate(f.from)}"
            f.to != null -> "Until ${p.shortDate(f.to)}"
            else -> "All time"
        }
        pageHeader("Statistics", "$range \u00b7 ${directionLabel(f.direction)}") {
            homeToggle(query, home)
            // the export applies this very filter; the month shown by default is spelled out as dates
            val dated = QueryParams.build("from" to f.from, "to" to f.to).removePrefix("?")
            val query = p.query?.takeIf { Regex("(^|&)(from|to)=").containsMatchIn(it) } ?: listOfNotNull(p.query, dated).filter { it.isNotEmpty() }.joinToString("&")
            a("/app/export" + (if (query.isEmpty()) "" else "?$query"), classes = "button") { icon("unarchive"); +"Export CSV" }
        }
        statisticsFilter(p, query, options, today)
        problems.forEach { div("alert error") { role = "alert"; icon("warning"); span { +it } } }
        if (result == null) return@appPage
        if (result.summary.totals.isEmpty()) {
            emptyCard("bar_chart", "Nothing in this view", "No items match these dates and filters. Choose another range or reset the filter.")
            return@appPage
        }
        summarySection(p, result.summary)
        conversionNote(result.summary.conversion)
        val currencies = result.summary.totals.map { it.currency }
        categoriesSection(p, query, result.categories, currencies, options)
        timelineSection(p, query, result)
        perCurrency(p, "accounts", "Accounts", "By account", currencies, "Account", "Transactions",
            result.accounts.accounts.map { Triple(it.name, it.totals, null) })
        perCurrency(p, "sellers", "Sellers", "By seller", currencies, "Seller", "Transactions",
            result.sellers.sellers.map { Triple(it.name ?: "No seller", it.totals, null) })
        itemsSection(p, query, result.items)
    }

private fun FlowContent.summarySection(p: Page, summary: SummaryResponse) = section("section") {
    id = "summary"
    h2("section-title") { +"Summary" }
    div("tiles") {
        summary.totals.forEach { t ->
            div("card tile") {
                span("tile-label") { +"Spent (${t.currency})" }
                span("tile-value") { money(p, t.expenses.toBigDecimal(), t.currency) }
                span("tile-sub") { +"Income "; money(p, t.income.toBigDecimal(), t.currency, income = true) }
            }
        }
    }
    div("card") {
        tableWrap("Summary per currency", "card-body table-wrap") {
            table("data") {
                caption { +"Per currency" }
                thead { tr { listOf("Currency", "Expenses", "Income", "Net", "Transactions", "Items").forEachIndexed { i, h -> th(scope = ThScope.col, classes = if (i > 0) "num" else null) { +h } } } }
                tbody {
                    summary.totals.forEach { t ->
                        tr {
                            th(scope = ThScope.row) { +t.currency }
                            amounts(p, t)
                            td("num") { +t.net.let { p.money.format(it, t.currency) } }
                            td("num") { +t.transactionCount.toString() }
                            td("num") { +t.itemCount.toString() }
                        }
                    }
                }
            }
        }
    }
}

private fun TR.amounts(p: Page, t: CurrencyTotals) {
    td("num") { +p.money.format(t.expenses, t.currency) }
    td("num") { +p.money.format(t.income, t.currency) }
}

private fun FlowContent.categoriesSection(p: Page, query: StatisticsQuery, response: CategoriesResponse, currencies: List<String>, options: FilterOptions) {
    val names = options.categories.associate { it.id to it.name }
    perCurrency(
        p, "categories", "Categories", "By category", currencies, "Category", "Items",
        response.categories.flatMap { c ->
            val label = if (!response.rolledUp && c.parentId != null) "${names[c.parentId] ?: ""} \u203a ${c.category.name}" else c.category.name
            c.totals.map { Triple(label, it, c.category.icon) }
        },
    ) {
        p("card-link") {
            if (query.rollUp) a(query.url(rollUp = false)) { +"Show each child category on its own" }
            else a(query.url(rollUp = true)) { +"Add child categories into their parents" }
        }
    }
}

/** One bar table per currency (amounts of different currencies never share a scale), each row a group's totals. */
private fun FlowContent.perCurrency(
    p: Page, id: String, title: String, caption: String, currencies: List<String>, label: String, count: String,
    rows: List<Triple<String, CurrencyTotals, String?>>, after: FlowContent.() -> Unit = {},
) = section("section") {
    this.id = id
    h2("section-title") { +title }
    div("card") {
        div("card-body") {
            currencies.forEach { currency ->
                val mine = rows.filter { it.second.currency == currency }
                if (mine.isEmpty()) return@forEach
                barTable(
                    "$caption in $currency", listOf(label, "Expenses", "Income", count),
                    mine.map { (name, t, iconName) ->
                        Bar(name, t.expenses.toBigDecimal() + t.income.toBigDecimal(), iconName) {
                            amounts(p, t)
                            td("num") { +(if (count == "Items") t.itemCount else t.transactionCount).toString() }
                        }
                    },
                    id = "$id-$currency",
                )
            }
            after()
        }
    }
}

private fun FlowContent.timelineSection(p: Page, query: StatisticsQuery, result: StatisticsResult) = section("section") {
    id = "timeline"
    val granularity = query.timelineGranularity
    h2("section-title") { +"Timeline" }
    div("card") {
        div("card-body") {
            div("actions segmented") {
                attributes["aria-label"] = "Timeline by"
                role = "group"
                Granularity.entries.forEach { g ->
                    val current = g == granularity
                    a(query.url(granularity = g), classes = if (current) "button small primary" else "button small") {
                        if (current) attributes["aria-current"] = "true"
                        +g.json.replaceFirstChar { it.uppercase() }
                    }
                }
            }
            result.timelineProblem?.let { p("error") { +it } }
            val timeline = result.timeline ?: return@div
            val showIncome = query.filter.direction == Direction.INCOME
            timeline.currencies.forEach { currency ->
                val periods = timeline.periods.map { period -> period.start to period.totals.first { it.currency == currency } }
                h2("chart-title") { +"${if (showIncome) "Income" else "Expenses"} per ${granularity.json} in $currency" }
                columnChart(periods.map { (start, t) -> Column(periodLabel(p, start, granularity), (if (showIncome) t.income else t.expenses).toBigDecimal()) })
                details("table") {
                    summary { +"Show the numbers" }
                    tableWrap("Per ${granularity.json} in $currency") {
                        table("data") {
                            id = "timeline-$currency"
                            caption { +"Per ${granularity.json} in $currency" }
                            thead { tr { listOf("Period", "Expenses", "Income", "Net").forEachIndexed { i, h -> th(scope = ThScope.col, classes = if (i > 0) "num" else null) { +h } } } }
                            tbody {
                                periods.forEach { (start, t) ->
                                    tr {
                                        th(scope = ThScope.row) { +periodLabel(p, start, granularity) }
                                        amounts(p, t)
                                        td("num") { +p.money.format(t.net, currency) }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

private fun periodLabel(p: Page, start: LocalDate, granularity: Granularity) = when (granularity) {
    Granularity.DAY -> p.shortDate(start)
    Granularity.WEEK -> "Week of ${p.shortDate(start)}"
    Granularity.MONTH -> p.month(YearMonth.from(start))
}

private fun FlowContent.itemsSection(p: Page, query: StatisticsQuery, items: outlay.platform.Page<StatisticsItem>) = section("section") {
    id = "items"
    h2("section-title") { +"Items" }
    div("card") {
        tableWrap("Items", "card-body table-wrap") {
            table("data") {
                id = "statistics-items"
                caption { +"The matching items, newest first" }
                thead { tr { listOf("Date", "Item", "Account", "Seller", "Amount").forEachIndexed { i, h -> th(scope = ThScope.col, classes = if (i == 4) "num" else null) { +h } } } }
                tbody {
                    items.items.forEach { item ->
                        tr {
                            td { +p.shortDate(item.date) }
                            th(scope = ThScope.row) {
                                a("/app/transactions/${item.transactionId}", classes = "th-label") {
                                    icon(item.category.icon ?: "category", "icon small")
                                    +(item.description ?: item.category.name)
                                }
                                if (item.description != null) span("row-sub") { +" \u00b7 ${item.category.name}" }
                            }
                            td { +item.accountName }
                            td { +(item.sellerName ?: "\u2014") }
                            td("num") {
                                val income = (item.direction == Direction.INCOME) != item.isReduction
                                money(p, BigDecimal(item.amount), item.currency, income = income)
                            }
                        }
                    }
                }
            }
            div("actions pager") {
                if (query.cursor != null) a(query.url(), classes = "button small") { +"First items" }
                items.nextCursor?.let { a(query.url(cursor = it), classes = "button small") { +"Next ${StatisticsPages.ITEMS_PAGE} items" } }
            }
        }
    }
}

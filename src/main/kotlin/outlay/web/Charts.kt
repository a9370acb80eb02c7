package outlay.web

import kotlinx.html.FlowContent
import kotlinx.html.TR
import kotlinx.html.ThScope
import kotlinx.html.id
import kotlinx.html.role
import kotlinx.html.tabIndex
import kotlinx.html.caption
import kotlinx.html.div
import kotlinx.html.span
import kotlinx.html.svg
import kotlinx.html.table
import kotlinx.html.tbody
import kotlinx.html.td
import kotlinx.html.th
import kotlinx.html.thead
import kotlinx.html.tr
import kotlinx.html.unsafe
import java.math.BigDecimal
import java.math.RoundingMode

/*
 * Charts drawn on the server as SVG: nothing to download, nothing to run in the browser, and
 * every chart comes with its numbers as a table — the table is what screen readers read, the
 * drawing is decorative (aria-hidden). Only numbers go into the raw SVG; text stays in HTML.
 */

/** One bar of a [barTable]: a row header (with an optional icon), the value the bar's length shows, and the cells after it. */
class Bar(val label: String, val value: BigDecimal, val icon: String? = null, val cells: TR.() -> Unit)

/**
 * A horizontal bar chart that is a table: each row is a label, a bar as long as its share of the
 * largest value, then [columns] (amounts, counts). Readable at 360 px; bars never shrink below a sliver.
 */
fun FlowContent.barTable(caption: String, columns: List<String>, bars: List<Bar>, id: String? = null) {
    val max = bars.maxOfOrNull { it.value.abs() }?.takeIf { it.signum() > 0 } ?: BigDecimal.ONE
    tableWrap(caption) {
        table("data bars") {
            id?.let { this.id = it }
            caption { +caption }
            thead {
                tr {
                    th(scope = ThScope.col) { +columns.first() }
                    th(scope = ThScope.col, classes = "bar-col") { span("visually-hidden") { +"Share" } }
                    columns.drop(1).forEach { th(scope = ThScope.col, classes = "num") { +it } }
                }
            }
            tbody {
                bars.forEach { bar ->
                    tr {
                        th(scope = ThScope.row) {
                            span("th-label") {
                                bar.icon?.let { name -> icon(name, "icon small") }
                                +bar.label
                            }
                        }
                        td("bar-col") { barShape(percent(bar.value.abs(), max)) }
                        bar.cells(this)
                    }
                }
            }
        }
    }
}

/**
 * A table that may scroll sideways on a phone: the scrolling box is a labelled region that takes
 * keyboard focus, so it can be scrolled without a mouse.
 */
fun FlowContent.tableWrap(label: String, classes: String = "table-wrap", block: FlowContent.() -> Unit) = div(classes) {
    role = "region"
    tabIndex = "0"
    attributes["aria-label"] = label
    block()
}

/** One period of a [columnChart]: its label and its value. */
class Column(val label: String, val value: BigDecimal)

/**
 * Vertical columns over time, decorative (the table beside it has the numbers): the SVG stretches
 * to the width, and the first and last periods are named under it in HTML, so text never distorts.
 */
fun FlowContent.columnChart(columns: List<Column>) {
    if (columns.isEmpty()) return
    val max = columns.maxOf { it.value.abs() }.takeIf { it.signum() > 0 } ?: BigDecimal.ONE
    val width = 100.0 / columns.size
    val bars = columns.mapIndexed { i, column ->
        val height = percent(column.value.abs(), max)
        val gap = if (columns.size > 60) 0.0 else width * 0.15
        """<rect x="${fmt(i * width + gap)}" y="${fmt(100 - height)}" width="${fmt(width - 2 * gap)}" height="${fmt(height)}"></rect>"""
    }.joinToString("")
    div("chart") {
        svg("columns") {
            attributes["aria-hidden"] = "true"
            attributes["focusable"] = "false"
            attributes["viewBox"] = "0 0 100 100"
            attributes["preserveAspectRatio"] = "none"
            unsafe { raw(bars) }
        }
        div("chart-axis") {
            attributes["aria-hidden"] = "true"
            span { +columns.first().label }
            if (columns.size > 1) span { +columns.last().label }
        }
    }
}

private fun FlowContent.barShape(percent: Double) = svg("bar") {
    attributes["aria-hidden"] = "true"
    attributes["focusable"] = "false"
    attributes["viewBox"] = "0 0 100 10"
    attributes["preserveAspectRatio"] = "none"
    unsafe { raw("""<rect width="${fmt(maxOf(percent, 1.0))}" height="10" rx="2"></rect>""") }
}

private fun percent(value: BigDecimal, max: BigDecimal): Double =
    value.multiply(BigDecimal(100)).divide(max, 4, RoundingMode.HALF_UP).toDouble().coerceIn(0.0, 100.0)

private fun fmt(value: Double) = "%.2f".format(java.util.Locale.ROOT, value)

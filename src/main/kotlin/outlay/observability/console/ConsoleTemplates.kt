package outlay.observability.console

import kotlinx.html.FlowContent
import kotlinx.html.MAIN
import kotlinx.html.TR
import kotlinx.html.a
import kotlinx.html.code
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.nav
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.table
import kotlinx.html.tbody
import kotlinx.html.td
import kotlinx.html.th
import kotlinx.html.thead
import kotlinx.html.tr
import kotlinx.html.ul
import org.springframework.web.servlet.View
import outlay.observability.ConsoleGate
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.pageHeader
import java.util.Locale

/** The console's places; each page marks its own in the tabs under the header. */
internal enum class ConsoleTab(val label: String, val path: String) {
    ROUTES("Routes", ""), SQL("SQL", "/sql"), RUNTIME("Runtime", "/runtime"), PROFILES("Profiles", "/profiles");

    val href get() = ConsoleGate.PATH + path
}

internal fun consolePage(tab: ConsoleTab, subtitle: String, content: MAIN.(Page) -> Unit): View =
    appPage("Console: ${tab.label}", Section.MORE) { page ->
        pageHeader("Operator console", subtitle, back = "/app/more" to "More")
        nav("console-tabs") {
            attributes["aria-label"] = "Console"
            ConsoleTab.entries.forEach { t ->
                a(t.href, classes = "button small ghost") { if (t == tab) attributes["aria-current"] = "page"; +t.label }
            }
        }
        content(page)
    }

fun routesPage(view: RedView): View = consolePage(ConsoleTab.ROUTES, "Rate, errors and duration per route") {
    div("actions console-window") {
        span("muted") { +"Window:" }
        listOf(1L, 5L, 15L).forEach { m ->
            a("${ConsoleGate.PATH}?minutes=$m", classes = "button small") {
                if (m == view.windowMinutes) attributes["aria-current"] = "true"
                +"$m min"
            }
        }
    }
    p("muted") {
        +"p95 coloured by the seed's thresholds (green < ${seconds(view.seed.yellow)}, yellow < ${seconds(view.seed.red)}, red beyond) "
        +"and by Outlay's own targets (green < ${seconds(view.outlay.yellow)}, yellow < ${seconds(view.outlay.red)})."
    }
    if (view.routes.isEmpty()) {
        emptyCard("bar_chart", "No requests in the last ${view.windowMinutes} min", "Use the app or the API and the routes appear here.")
        return@consolePage
    }
    dataTable("red", "Routes", listOf("Route", "Requests", "Per second", "4xx", "5xx", "p50", "p95", "p99", "Seed", "Outlay")) {
        view.routes.forEach { r ->
            tr {
                th { attributes["scope"] = "row"; code { +"${r.method} ${readable(r.uri)}" } }
                num(r.requests.toString()); num(fixed(r.perSecond, 2)); num(r.clientErrors.toString()); num(r.serverErrors.toString())
                num(millis(r.p50)); num(millis(r.p95)); num(millis(r.p99))
                td { light(r.seedColour) }
                td { light(r.outlayColour) }
            }
        }
    }
}

fun sqlPage(view: SqlView, traceLink: String): View = consolePage(ConsoleTab.SQL, "Slowest statements and statements per request") {
    if (view.slowest.isEmpty()) {
        emptyCard("info", "No SQL yet", "Statements appear here once requests have run them.")
        return@consolePage
    }
    dataTable("slowest-sql", "Slowest statements (since start)", listOf("Statement", "Count", "Mean", "Max", "Slowest trace")) {
        view.slowest.forEach { s ->
            tr {
                td("sql") { code { +s.sql } }
                num(s.count.toString()); num(fixed(s.meanMillis, 2) + " ms"); num(fixed(s.maxMillis, 2) + " ms")
                td {
                    val trace = s.slowestTraceId
                    when {
                        trace == null -> span("muted") { +if (view.tracing) "not sampled" else "tracing off" }
                        traceLink.isNotBlank() -> a(traceLink.replace("{traceId}", trace)) { code { +trace.take(12) } }
                        else -> code { +trace }
                    }
                }
            }
        }
    }
    dataTable("statements-per-request", "Statements per request, by route", listOf("Route", "Requests", "Mean", "Max")) {
        view.perRequest.forEach { r ->
            tr {
                th { attributes["scope"] = "row"; code { +"${r.method} ${readable(r.uri)}" } }
                num(r.requests.toString()); num(fixed(r.mean, 1)); num(fixed(r.max, 0))
            }
        }
    }
}

fun runtimePage(view: RuntimeView): View = consolePage(ConsoleTab.RUNTIME, "Health, password-hash pool, rate limits and the JVM") {
    dataTable("health", "Health", listOf("Component", "Status", "Details")) {
        view.health.forEach { c ->
            tr {
                th { attributes["scope"] = "row"; +c.name }
                td("num") { +c.status }
                td("num") { +c.details.entries.joinToString(" \u00b7 ") { (k, v) -> "$k: ${if (v is Long && k in BYTE_DETAILS) mib(v) else v}" } }
            }
        }
    }
    val pool = view.hashPool
    facts("hash-pool", "Password-hash pool", listOf(
        "Threads" to fixed(pool.threads, 0), "Busy" to fixed(pool.busy, 0), "Queued" to fixed(pool.queued, 0),
        "Rejected (since start)" to fixed(pool.rejected, 0), "Mean wait" to fixed(pool.meanWaitMillis, 1) + " ms",
        "Mean hash" to fixed(pool.meanHashMillis, 1) + " ms",
    ))
    facts("rate-limits", "Rate-limit rejections (since start)", view.rateLimitRejections.map { (k, v) -> k to fixed(v, 0) }
        .ifEmpty { listOf("None" to "0") })
    val jvm = view.jvm
    facts("jvm", "JVM", listOf(
        "Heap used" to mib(jvm.heapUsedBytes), "Heap max" to mib(jvm.heapMaxBytes), "GC runs" to jvm.gcCount.toString(),
        "GC time" to "${jvm.gcMillis} ms", "Live threads" to jvm.liveThreads.toString(), "Peak threads" to jvm.peakThreads.toString(),
        "Process CPU" to (jvm.processCpu?.let { fixed(it * 100, 1) + " %" } ?: "unknown"), "Uptime" to "${jvm.uptimeSeconds} s",
    ))
}

internal fun FlowContent.dataTable(id: String, title: String, headers: List<String>, rows: kotlinx.html.TBODY.() -> Unit) =
    section("section") {
        h2("section-title") { this.id = "$id-title"; +title }
        div("card table-scroll") {
            // a wide table scrolls sideways on a phone: the region must be reachable by keyboard
            attributes["tabindex"] = "0"
            attributes["role"] = "region"
            attributes["aria-labelledby"] = "$id-title"
            table("data-table") {
                this.id = id
                attributes["aria-labelledby"] = "$id-title"
                thead { tr { headers.forEachIndexed { i, h -> th(classes = if (i == 0) null else "num") { attributes["scope"] = "col"; +h } } } }
                tbody { rows() }
            }
        }
    }

internal fun FlowContent.facts(id: String, title: String, facts: List<Pair<String, String>>) = section("section") {
    h2("section-title") { +title }
    div("card") { ul("readings") { this.id = id; facts.forEach { (k, v) -> li { span("muted") { +k }; span("num") { +v } } } } }
}

private fun TR.num(text: String) = td("num") { +text }

/** A traffic light that does not rely on colour: the word is always there. */
private fun FlowContent.light(colour: String) = span("light $colour") { +colour.replaceFirstChar { it.uppercase() } }

/** `/transactions/{id:[0-9a-f]{8}-…}` reads as `/transactions/{id}`: the pattern's regex is noise here. */
internal fun readable(uri: String): String {
    val out = StringBuilder()
    var depth = 0
    var skipping = false
    for (c in uri) {
        if (c == '{') depth++
        if (c == ':' && depth == 1) skipping = true
        if (c == '}' && --depth == 0) skipping = false
        if (!skipping) out.append(c)
    }
    return out.toString()
}

private fun fixed(value: Double, decimals: Int) = String.format(Locale.ROOT, "%,.${decimals}f", value)
private fun millis(seconds: Double?) = seconds?.let { fixed(it * 1000, 1) + " ms" } ?: "–"
private fun seconds(value: Double) = if (value >= 1) fixed(value, 0) + " s" else fixed(value * 1000, 0) + " ms"
private fun mib(bytes: Long) = if (bytes < 0) "unlimited" else fixed(bytes / 1048576.0, 0) + " MiB"

/** Health details that are byte counts (the disk's), shown in MiB. */
private val BYTE_DETAILS = setOf("total", "free", "threshold")

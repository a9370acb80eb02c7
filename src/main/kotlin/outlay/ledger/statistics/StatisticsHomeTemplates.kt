package outlay.ledger.statistics

import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.id
import kotlinx.html.p
import kotlinx.html.span
import outlay.web.icon

/** The header's switch between each currency's own totals and the home currency (only once a home currency is chosen). */
fun FlowContent.homeToggle(query: StatisticsQuery, home: String?) {
    if (home == null) return
    a(query.url(inHome = !query.inHome), classes = "button") {
        id = "in-home"
        icon("currency_exchange")
        +(if (query.inHome) "In each currency" else "In $home")
    }
}

/** What a home-currency view converted, at which rate days, and what it could not convert. */
fun FlowContent.conversionNote(conversion: HomeConversion?) {
    if (conversion == null) return
    div("card") {
        id = "conversion"
        div("card-body") {
            p {
                +"In ${conversion.homeCurrency}: each day converted at its rate or the nearest earlier one, each total rounded once (half-even)."
            }
            conversion.rates.forEach { r ->
                p("hint") {
                    +"${r.currency}: rates of ${r.oldestRateDate} to ${r.newestRateDate}"
                    if (r.daysOnEarlierRate > 0) +"; ${r.daysOnEarlierRate} day(s) at an earlier day's rate"
                    +"."
                }
            }
            if (conversion.unconverted.isNotEmpty()) {
                p("alert") {
                    icon("warning")
                    span { +"No rate for ${conversion.unconverted.joinToString(", ")} on some days: those amounts are shown in their own currency. Enter rates under More \u2192 Exchange rates." }
                }
            }
        }
    }
}

package outlay.recurring

import kotlinx.html.ButtonType
import kotlinx.html.FlowContent
import kotlinx.html.button
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.ul
import outlay.ledger.Direction
import outlay.web.Page
import outlay.web.listRow
import outlay.web.money
import outlay.web.postForm
import outlay.web.shortDate
import java.util.UUID

/**
 * The occurrences of rules that ask first, oldest first, each with Confirm (records the
 * transaction) and Skip, posted to `/app/recurring/{rule}/occurrences/{day}`.
 */
fun FlowContent.pendingSection(page: Page, pending: List<PendingView>, currency: Map<UUID, String>) = section("section") {
    id = "pending"
    h2("section-title") { +"To confirm" }
    p("hint") { +"Rules that ask first: confirm records the transaction, skip records nothing for that day." }
    div("card") {
        ul("list") {
            pending.forEach { o ->
                li {
                    listRow("/app/recurring/${o.ruleId}", "event_repeat", o.name, page.shortDate(o.date)) {
                        o.accountId?.let(currency::get)?.let { money(page, o.total.toBigDecimal(), it, income = o.direction == Direction.INCOME) }
                    }
                    postForm(page, "/app/recurring/${o.ruleId}/occurrences/${o.date}", classes = "actions") {
                        decision("confirm", "Confirm", "button primary")
                        decision("skip", "Skip", "button ghost")
                    }
                }
            }
        }
    }
}

private fun FlowContent.decision(value: String, text: String, classes: String) = button(type = ButtonType.submit, classes = classes) {
    name = "decision"
    this.value = value
    +text
}

package outlay.observability.console

import kotlinx.html.FlowContent
import kotlinx.html.FormMethod
import kotlinx.html.InputType
import kotlinx.html.div
import kotlinx.html.form
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.p
import kotlinx.html.section
import org.springframework.web.servlet.View
import outlay.observability.ConsoleGate
import outlay.observability.profiling.ProfilingStatus
import outlay.web.FormErrors
import outlay.web.field
import outlay.web.selectField
import outlay.web.submit
import java.time.Instant
import java.time.temporal.ChronoUnit

private val EVENTS = listOf("cpu" to "CPU", "alloc" to "Allocations", "lock" to "Locks", "wall" to "Wall clock")

fun profilesPage(status: ProfilingStatus, now: Instant): View = consolePage(ConsoleTab.PROFILES, "Flame graphs of the running server") {
    facts("profiling", "Profiler", listOf(
        "On-demand engine" to status.engine,
        "Continuous recording" to if (status.continuous) "on" else "off (OUTLAY_CONTINUOUS_PROFILE=false)",
        "Recorded since" to (status.oldest?.truncatedTo(ChronoUnit.SECONDS)?.toString() ?: "–"),
    ))
    profileForm("live", "Take a profile now", "/profiles/live", "Take profile", EVENTS) {
        field("Seconds", "seconds", "10", FormErrors.NONE, InputType.number, hint = "1 to ${status.maxSeconds}; the page answers when it is done.") {
            min = "1"; max = status.maxSeconds.toString(); required = true
        }
    }
    if (!status.continuous) return@consolePage
    val from = now.minus(2, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS)
    profileForm("past", "A past window of the continuous recording", "/profiles/past", "Show window", EVENTS.filter { it.first != "wall" }) {
        val hint = "UTC: an instant like ${from} or a time of day like 14:02"
        field("From", "from", from.toString(), FormErrors.NONE, hint = hint, id = "f-from") { required = true }
        field("To", "to", now.truncatedTo(ChronoUnit.SECONDS).toString(), FormErrors.NONE, id = "f-to") { required = true }
    }
}

/** A GET form whose answer is a whole flame-graph document: htmx must not swap it into the app's page. */
private fun FlowContent.profileForm(
    id: String, title: String, path: String, button: String, events: List<Pair<String, String>>, fields: FlowContent.() -> Unit,
) = section("section") {
    h2("section-title") { +title }
    div("card") {
        div("card-body") {
            form(action = ConsoleGate.PATH + path, method = FormMethod.get, classes = "form") {
                this.id = "profile-$id"
                attributes["hx-boost"] = "false"
                selectField("What to sample", "event", events, "cpu", FormErrors.NONE, id = "f-$id-event")
                fields()
                p { submit(button) }
            }
        }
    }
}

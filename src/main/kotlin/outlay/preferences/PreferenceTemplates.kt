package outlay.preferences

import kotlinx.html.div
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.Currencies
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Section
import outlay.web.appPage
import outlay.web.formError
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.selectField
import outlay.web.submit

/** The preferences form; [form] holds the stored choices, or what the person entered when a save was refused. */
fun preferencePage(form: FormValues, errors: FormErrors): View {
    val status = if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST
    return appPage("Preferences", Section.MORE, status) { page ->
        pageHeader("Preferences", "How totals and days are reckoned for you.", back = "/app/more" to "More")
        div("card") {
            div("card-body") {
                postForm(page, "/app/preferences", "form") {
                    formError(errors)
                    selectField(
                        "Home currency", "homeCurrency", listOf("" to "None: totals per currency") + Currencies.options(page.money),
                        form["homeCurrency"] ?: "", errors,
                        hint = "Totals across currencies are converted to it, at each day's exchange rate.",
                    )
                    selectField(
                        "Time zone", "timeZone", ZONE_OPTIONS, form["timeZone"] ?: "UTC", errors,
                        hint = "Decides which day is today for you, and when a month begins.",
                    )
                    div("actions") { submit("Save preferences") }
                }
            }
        }
    }
}

private val ZONE_OPTIONS: List<Pair<String, String>> = listOf("UTC" to "UTC") + (PreferenceService.ZONES - "UTC").sorted().map { it to it.replace('_', ' ') }

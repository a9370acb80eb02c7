package outlay.rates

import kotlinx.html.ButtonType
import kotlinx.html.InputType
import kotlinx.html.button
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.hiddenInput
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyState
import outlay.web.field
import outlay.web.formError
import outlay.web.icon
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.submit

fun ratesPage(rates: List<RateView>, form: FormValues, errors: FormErrors): View =
    appPage("Exchange rates", Section.MORE, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
        pageHeader(
            "Exchange rates", "Your own rates: on a day, yours count before the published reference rates.",
            back = "/app/more" to "More",
        )
        div("card") {
            div("card-body") {
                h2 { +"Enter a rate" }
                postForm(page, "/app/rates", "form") {
                    formError(errors)
                    field("From currency", "base", form["base"], errors, hint = "ISO code, for example USD.") { required = true; maxLength = "3" }
                    field("To currency", "quote", form["quote"], errors, hint = "For example EUR.") { required = true; maxLength = "3" }
                    field("Day", "day", form["day"], errors, type = InputType.date) { required = true }
                    field("Rate", "rate", form["rate"], errors, hint = "How many of the second currency one of the first buys, for example 0.9215.") {
                        required = true; attributes["inputmode"] = "decimal"
                    }
                    div("actions") { submit("Save rate") }
                }
            }
        }
        div("card") {
            if (rates.isEmpty()) {
                emptyState("payments", "No rates of your own", "Enter a rate above when you know what your bank charged on a day.")
                return@div
            }
            ul("list") {
                id = "rates"
                rates.forEach { rate ->
                    li {
                        div("row") {
                            span("chip-icon") { icon("payments") }
                            span("row-main") {
                                span("row-title") { +"1 ${rate.base} = ${rate.rate} ${rate.quote}" }
                                span("row-sub") { +rate.day.toString() }
                            }
                            postForm(page, "/app/rates/delete", "row-end") {
                                hiddenInput(name = "base") { value = rate.base }
                                hiddenInput(name = "quote") { value = rate.quote }
                                hiddenInput(name = "day") { value = rate.day.toString() }
                                button(type = ButtonType.submit, classes = "button ghost small") {
                                    attributes["aria-label"] = "Remove rate ${rate.base}/${rate.quote} of ${rate.day}"
                                    icon("delete")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

package outlay.ledger

import kotlinx.html.ButtonType
import kotlinx.html.a
import kotlinx.html.FlowContent
import kotlinx.html.button
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.hiddenInput
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.stream.createHTML
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.sellers.NearbyLocation
import outlay.web.FormErrors
import outlay.web.Page
import outlay.web.appPage
import outlay.web.formError
import outlay.web.icon
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.submit
import java.util.UUID

/** The draft: receipts, then one form with the header and the items; Save turns it into a transaction. */
fun draftPage(draftId: UUID, fields: TransactionFields, errors: FormErrors, context: FormContext, status: HttpStatus): View =
    appPage("New expense", null, status) { page ->
        pageHeader("New expense", "Kept on the server as you go: you can close this page and come back to it.")
        formError(errors)
        receipts(page, context)
        transactionForm(page, "draft-form", context.base, fields, errors, context) {
            hiddenInput(name = "draftId") { value = draftId.toString() }
            primaryButton("save", "Save expense")
            secondaryButton("apply", "Keep for later")
        }
        section("card") {
            div("card-body") {
                postForm(page, "$DRAFT/discard") {
                    div("actions") {
                        submit("Discard this draft", "button danger")
                        p("hint") { +"You will be asked to confirm." }
                    }
                }
            }
        }
    }

/** The confirmation step of a discard: what goes with the draft. */
fun discardConfirmPage(draft: DraftView): View = appPage("Discard the draft?", null) { page ->
    pageHeader("Discard this draft?", back = DRAFT to "Back")
    section("card") {
        div("card-body") {
            val items = draft.items.size
            val files = draft.documents.size + draft.items.sumOf { it.images.size }
            p { +"Its $items item${if (items == 1) "" else "s"} and $files receipt${if (files == 1) "" else "s"} or photo${if (files == 1) "" else "s"} are removed. Nothing is recorded. This cannot be undone." }
            postForm(page, "$DRAFT/discard") {
                hiddenInput(name = "confirmed") { value = "true" }
                div("actions") {
                    submit("Discard", "button danger")
                    a(DRAFT, classes = "button ghost") { +"Keep it" }
                }
            }
        }
    }
}

/** The header and items of a draft or saved transaction as one form; [actions] are its buttons. */
fun FlowContent.transactionForm(
    page: Page, id: String, action: String, fields: TransactionFields, errors: FormErrors, context: FormContext, actions: FlowContent.() -> Unit,
) {
    section("card") {
        div("card-body") {
            postForm(page, action, "form", attrs = mapOf("id" to id)) {
                defaultApply()
                h2("section-title") { +"Details" }
                headerFields(fields, errors, context)
                h2("section-title") { +"Items" }
                itemsEditor(page, fields, errors, context)
                div("actions") { actions() }
            }
        }
    }
    itemForms(page, context)
}

fun FlowContent.primaryButton(action: String, text: String) =
    button(type = ButtonType.submit, classes = "button primary") { name = "action"; value = action; +text }

fun FlowContent.secondaryButton(action: String, text: String) =
    button(type = ButtonType.submit, classes = "button ghost") { name = "action"; value = action; +text }

/** The answer to "Sellers near me": buttons that put a nearby seller and location into the form they sit in. */
fun nearbyFragment(found: List<NearbyLocation>): String = createHTML().div {
    if (found.isEmpty()) {
        p("hint") { +"None of your sellers has a location within 1 km of here." }
        return@div
    }
    ul("nearby-list") {
        found.forEach { n ->
            li {
                button(type = ButtonType.submit, classes = "button ghost small") {
                    name = "nearby"; value = "${n.sellerId}/${n.location.id}"
                    icon("location_on", "icon small")
                    +n.sellerName
                    n.location.name?.let { span("hint") { +" \u00b7 $it" } }
                    span("hint") { +" \u00b7 ${n.distanceMeters.toInt()} m" }
                }
            }
        }
    }
}

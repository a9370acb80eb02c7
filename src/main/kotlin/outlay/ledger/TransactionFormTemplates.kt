package outlay.ledger

import kotlinx.html.ButtonType
import kotlinx.html.FORM
import kotlinx.html.FlowContent
import kotlinx.html.InputType
import kotlinx.html.button
import kotlinx.html.dataList
import kotlinx.html.div
import kotlinx.html.hiddenInput
import kotlinx.html.id
import kotlinx.html.label
import kotlinx.html.option
import kotlinx.html.p
import kotlinx.html.span
import kotlinx.html.textArea
import outlay.accounts.AccountView
import outlay.categories.CategoryView
import outlay.sellers.SellerView
import outlay.web.FormErrors
import outlay.web.field
import outlay.web.icon
import outlay.web.selectField
import java.math.BigDecimal
import java.util.UUID

/**
 * What the draft and edit screens draw besides the fields: the choices (accounts, categories,
 * sellers), the stored attachments, the running total, and [base], the screen's URL, under which
 * its uploads and removals live (`$base/documents`, `$base/items/{id}/images`).
 */
data class FormContext(
    val base: String,
    val accounts: List<AccountView>,
    val categories: List<CategoryView>,
    val sellers: List<SellerView>,
    val documents: List<DocumentView>,
    /** Stored items' photos by item id; a row not stored yet has none and cannot take one. */
    val images: Map<UUID, List<FileView>>,
    val currency: String?,
    val total: BigDecimal?,
    val direction: Direction,
)

private val DIRECTIONS = listOf(Direction.EXPENSE.json to "Expense", Direction.INCOME.json to "Income")
private val MODES = listOf(Mode.CARD.json to "Card", Mode.CASH.json to "Cash", Mode.TRANSFER.json to "Transfer", Mode.OTHER.json to "Other")

/** Enter in a text field submits the form's first button: make that "apply", not a row's "Remove". */
fun FORM.defaultApply() = button(type = ButtonType.submit, classes = "visually-hidden") {
    name = "action"; value = "apply"; attributes["tabindex"] = "-1"; +"Apply changes"
}

/** Account, direction, mode, date and time, seller (type-ahead, created when new) with its location, note. */
fun FlowContent.headerFields(fields: TransactionFields, errors: FormErrors, context: FormContext) {
    hiddenInput(name = "version") { value = fields.version }
    div("form-grid two") {
        val accounts = context.accounts.filter { !it.archived || it.id.toString() == fields.accountId }
        selectField(
            "Account", "accountId", listOf("" to "Choose an account") + accounts.map { it.id.toString() to "${it.name} \u00b7 ${it.currency}" },
            fields.accountId, errors, hint = context.currency?.let { "Amounts are in $it." },
        )
        selectField("Expense or income", "direction", DIRECTIONS, fields.direction, errors)
    }
    div("form-grid two") {
        field("Date", "date", fields.date, errors, InputType.date)
        field("Time (optional)", "time", fields.time, errors, InputType.time)
    }
    selectField("Paid by", "mode", MODES, fields.mode, errors)
    sellerFields(fields, errors, context)
    div(if (errors["note"] != null) "field invalid" else "field") {
        label { htmlFor = "f-note"; +"Note (optional)" }
        textArea(rows = "2") {
            id = "f-note"; name = "note"; attributes["maxlength"] = "500"
            if (errors["note"] != null) attributes["aria-describedby"] = "f-note-error"
            +fields.note
        }
        errors["note"]?.let { p("error") { id = "f-note-error"; icon("error", "icon small"); +it } }
    }
}

/** The seller by name: the browser offers the person's sellers as they type; a new name becomes a new seller. */
private fun FlowContent.sellerFields(fields: TransactionFields, errors: FormErrors, context: FormContext) {
    div("form-grid two") {
        field("Seller (optional)", "seller", fields.seller, errors, hint = "Type to pick one of yours; a new name adds a seller.") {
            attributes["list"] = "seller-names"; attributes["autocomplete"] = "off"; maxLength = "200"
        }
        val seller = context.sellers.firstOrNull { it.name.equals(fields.seller, ignoreCase = true) }
        val locations = seller?.locations.orEmpty()
        selectField(
            "Seller location", "sellerLocationId",
            listOf("" to if (seller == null) "Pick a seller first" else "No particular location") +
                locations.map { it.id.toString() to (listOfNotNull(it.name, it.address).joinToString(", ").ifEmpty { "Location" }) },
            fields.sellerLocationId, errors,
        )
    }
    dataList { id = "seller-names"; context.sellers.forEach { option { value = it.name } } }
    div("nearby") {
        button(type = ButtonType.button, classes = "button ghost small") {
            attributes["data-nearby"] = "${context.base}/nearby"; attributes["hidden"] = ""
            icon("my_location", "icon small"); +"Sellers near me"
        }
        span("hint") { attributes["data-nearby-status"] = ""; attributes["role"] = "status" }
        div { id = "nearby" }
    }
}

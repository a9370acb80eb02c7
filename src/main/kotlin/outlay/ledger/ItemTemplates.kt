package outlay.ledger

import kotlinx.html.ButtonType
import kotlinx.html.FlowContent
import kotlinx.html.InputType
import kotlinx.html.button
import kotlinx.html.checkBoxInput
import kotlinx.html.details
import kotlinx.html.div
import kotlinx.html.fieldSet
import kotlinx.html.hiddenInput
import kotlinx.html.id
import kotlinx.html.label
import kotlinx.html.legend
import kotlinx.html.p
import kotlinx.html.radioInput
import kotlinx.html.span
import kotlinx.html.summary
import outlay.categories.CategoryView
import outlay.platform.Ids
import outlay.web.FormErrors
import outlay.web.Page
import outlay.web.field
import outlay.web.icon
import outlay.web.money

/**
 * The items editor: every row editable in place (amount, quantity, description, brand, variation,
 * reduction, category, photos), one empty row to add an item, and the running total. Without
 * JavaScript each button posts the whole form; with it, htmx swaps the page in place.
 */
fun FlowContent.itemsEditor(page: Page, fields: TransactionFields, errors: FormErrors, context: FormContext) {
    val rows = fields.items.filterNot { it.isBlank }
    div("items") {
        id = "items"
        rows.forEachIndexed { i, item -> itemRow(page, i, item, errors, context, new = false) }
        if (rows.size < DraftService.MAX_ITEMS) itemRow(page, rows.size, ItemFields(Ids.next()), errors, context, new = true)
    }
    errors["items"]?.let { p("error") { id = "items-error"; icon("error", "icon small"); +it } }
    div("total-line") {
        id = "total"
        attributes["role"] = "status"
        span { +"Total" }
        val total = context.total
        if (total == null || context.currency == null) span("hint") { +"Choose an account to see the total." }
        else money(page, total, context.currency, income = context.direction == Direction.INCOME)
    }
}

private fun FlowContent.itemRow(page: Page, i: Int, item: ItemFields, errors: FormErrors, context: FormContext, new: Boolean) {
    val prefix = "items[$i]."
    fieldSet("item") {
        id = "item-$i"
        legend { +if (new) "New item" else "Item ${i + 1}" }
        hiddenInput(name = "${prefix}id") { value = item.id.toString() }
        div("form-grid item-grid") {
            field("Amount", "${prefix}amount", item.amount, errors, id = "item-$i-amount", hint = context.currency) {
                attributes["inputmode"] = "decimal"; attributes["autocomplete"] = "off"
            }
            field("Quantity", "${prefix}quantity", item.quantity, errors, id = "item-$i-quantity") { attributes["inputmode"] = "decimal" }
            field("Description", "${prefix}description", item.description, errors, id = "item-$i-description") { maxLength = "200" }
            field("Brand", "${prefix}brand", item.brand, errors, id = "item-$i-brand") { maxLength = "100" }
            field("Variation", "${prefix}variation", item.variation, errors, id = "item-$i-variation") { maxLength = "100" }
        }
        label("check") {
            checkBoxInput(name = "${prefix}isReduction") { value = "true"; checked = item.reduction; id = "item-$i-reduction" }
            +"Reduction (a discount: subtracted from the total)"
        }
        categoryPicker(i, item, errors, context.categories)
        if (!new) {
            context.images[item.id]?.let { photos(item.id, it) } // a row not stored yet cannot take a photo
            div("actions") {
                button(type = ButtonType.submit, classes = "button ghost small") {
                    name = "action"; value = "remove:${item.id}"
                    icon("delete", "icon small"); +"Remove item ${i + 1}"
                }
            }
        } else {
            div("actions") {
                button(type = ButtonType.submit, classes = "button small") { name = "action"; value = "add"; icon("add", "icon small"); +"Add item" }
            }
        }
    }
}

/** Categories as icon chips, children after their parent; folded away until opened. */
private fun FlowContent.categoryPicker(i: Int, item: ItemFields, errors: FormErrors, categories: List<CategoryView>) {
    val name = "items[$i].categoryId"
    val chosen = categories.firstOrNull { it.id.toString() == item.categoryId }
    val error = errors[name]
    fieldSet(if (error != null) "category-picker invalid" else "category-picker") {
        legend("legend") { +"Category" }
        details {
            summary {
                id = "item-$i-category"
                icon(chosen?.icon ?: "category")
                span { +(chosen?.name ?: "Choose a category") }
            }
            div("icon-picker") {
                val children = categories.filter { it.parentId != null }.groupBy { it.parentId }
                categories.filter { it.parentId == null && (!it.archived || it == chosen) }.forEach { parent ->
                    categoryChoice(name, i, parent, chosen, child = false)
                    children[parent.id].orEmpty().filter { !it.archived || it == chosen }.forEach { categoryChoice(name, i, it, chosen, child = true) }
                }
            }
        }
        error?.let { p("error") { id = "item-$i-category-error"; icon("error", "icon small"); +it } }
    }
}

private fun FlowContent.categoryChoice(name: String, i: Int, category: CategoryView, chosen: CategoryView?, child: Boolean) {
    label(if (child) "category-choice child" else "category-choice") {
        radioInput(name = name) {
            value = category.id.toString(); checked = category == chosen; id = "item-$i-cat-${category.id}"
        }
        span { icon(category.icon); span("category-name") { +category.name } }
    }
}

package outlay.ledger

import jakarta.servlet.http.HttpServletRequest
import jakarta.validation.Validator
import outlay.platform.FieldError
import outlay.platform.InputDomainViolation
import outlay.platform.InputDomains
import outlay.platform.ValidationException
import outlay.web.FormErrors
import java.math.BigDecimal
import java.time.LocalTime
import org.springframework.stereotype.Component
import java.util.UUID

/** One item row of the form, as text: what is stored, or what was posted. */
data class ItemFields(
    val id: UUID,
    val amount: String = "",
    val quantity: String = "1",
    val description: String = "",
    val brand: String = "",
    val variation: String = "",
    val categoryId: String = "",
    val reduction: Boolean = false,
) {
    /** A row left empty (the new-item row nobody filled in) is not an item. */
    val isBlank: Boolean get() = amount.isEmpty() && description.isEmpty() && brand.isEmpty() && variation.isEmpty()
}

/**
 * The fields of the draft and of the edit screen (header and all items) as text, so a refused
 * form shows exactly what was typed. [version] is the draft's `updatedAt` the form was drawn from.
 */
data class TransactionFields(
    val accountId: String = "",
    val direction: String = Direction.EXPENSE.json,
    val mode: String = Mode.CARD.json,
    val date: String = "",
    val time: String = "",
    val seller: String = "",
    val sellerLocationId: String = "",
    val note: String = "",
    val items: List<ItemFields> = emptyList(),
    val version: String = "",
) {
    companion object {
        fun of(d: DraftView, sellerName: String?) = TransactionFields(
            d.accountId?.toString().orEmpty(), d.direction.json, d.mode.json, d.date?.toString().orEmpty(), d.time?.toString().orEmpty(),
            sellerName.orEmpty(), d.sellerLocationId?.toString().orEmpty(), d.note.orEmpty(), d.items.map { it.toFields() }, d.updatedAt.toString(),
        )

        fun of(t: TransactionView) = TransactionFields(
            t.accountId.toString(), t.direction.json, t.mode.json, t.date.toString(), t.time?.toString().orEmpty(),
            t.sellerName.orEmpty(), t.sellerLocationId?.toString().orEmpty(), t.note.orEmpty(), t.items.map { it.toFields() }, t.updatedAt.toString(),
        )

        /** What the form posted; item rows are `items[i].field`, in order. */
        fun posted(request: HttpServletRequest): TransactionFields {
            fun p(name: String) = request.getParameter(name)?.trim().orEmpty()
            val items = (0..DraftService.MAX_ITEMS).mapNotNull { i ->
                val id = runCatching { UUID.fromString(p("items[$i].id")) }.getOrNull() ?: return@mapNotNull null
                ItemFields(
                    id, p("items[$i].amount"), p("items[$i].quantity"), p("items[$i].description"), p("items[$i].brand"),
                    p("items[$i].variation"), p("items[$i].categoryId"), p("items[$i].isReduction") == "true",
                )
            }
            return TransactionFields(
                p("accountId"), p("direction"), p("mode"), p("date"), p("time"), p("seller"), p("sellerLocationId"), p("note"), items, p("version"),
            )
        }

        private fun ItemView.toFields() = ItemFields(
            id, amount, quantity.toPlainString(), description.orEmpty(), brand.orEmpty(), variation.orEmpty(),
            category?.id?.toString().orEmpty(), isReduction,
        )
    }
}

/**
 * Turns posted [TransactionFields] into the services' [TransactionRequest]: text converted to
 * types, then the request type's own bean-validation rules (the JSON API's), so a page refuses
 * exactly what the API would, with the message beside the field (`items[1].amount`).
 */
@Component
class TransactionForm(private val validator: Validator) {

    /** The request, or the reasons it cannot be one. Blank item rows are left out. */
    fun toRequest(fields: TransactionFields, sellerId: UUID?, sellerLocationId: UUID?): Result {
        val errors = mutableListOf<FieldError>()
        fun <T> parse(field: String, text: String, what: String, parse: (String) -> T): T? =
            if (text.isEmpty()) null else runCatching { parse(text) }.getOrElse { e -> errors += FieldError(field, (e as? InputDomainViolation)?.message ?: what); null }
        val items = fields.items.filterNot { it.isBlank }.mapIndexed { i, item ->
            ItemRequest(
                item.id, item.amount, parse("items[$i].quantity", item.quantity, "must be a number such as 1 or 0.5") { BigDecimal(it) } ?: BigDecimal.ONE,
                item.description.ifEmpty { null }, item.brand.ifEmpty { null }, item.variation.ifEmpty { null },
                parse("items[$i].categoryId", item.categoryId, "is not a category") { UUID.fromString(it) }, item.reduction,
            )
        }
        val request = TransactionRequest(
            accountId = parse("accountId", fields.accountId, "is not an account") { UUID.fromString(it) },
            direction = Direction.entries.firstOrNull { it.json == fields.direction } ?: Direction.EXPENSE,
            mode = Mode.entries.firstOrNull { it.json == fields.mode } ?: Mode.CARD,
            date = parse("date", fields.date, InputDomains.DATE) { InputDomains.parseDate(it) },
            time = parse("time", fields.time, "must be a time such as 18:30") { LocalTime.parse(it) },
            sellerId = sellerId, sellerLocationId = sellerLocationId, note = fields.note.ifEmpty { null }, items = items,
        )
        validator.validate(request).forEach { errors += FieldError(it.propertyPath.toString(), it.message) }
        return if (errors.isEmpty()) Result(request, FormErrors.NONE) else Result(null, FormErrors.of(ValidationException("invalid form", errors)))
    }

    data class Result(val request: TransactionRequest?, val errors: FormErrors)

}

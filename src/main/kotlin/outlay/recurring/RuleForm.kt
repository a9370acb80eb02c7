package outlay.recurring

import jakarta.validation.Validator
import org.springframework.stereotype.Component
import outlay.ledger.Direction
import outlay.ledger.ItemRequest
import outlay.ledger.Mode
import outlay.platform.FieldError
import outlay.platform.InputDomainViolation
import outlay.platform.InputDomains
import outlay.platform.ValidationException
import outlay.web.FormErrors
import outlay.web.FormValues
import java.util.UUID

/**
 * The rule form's text as the API's [RuleRequest]: text that is not an id, a number or a date is
 * refused beside its field, then the request's own bean-validation rules (the JSON API's) apply,
 * so the page refuses exactly what the API would. The page edits a rule of one item; the item's
 * fields are named as the API names them (`items[0].amount`), so the service's errors land beside them.
 */
@Component
class RuleForm(private val validator: Validator) {

    fun read(values: FormValues): Result {
        val errors = mutableListOf<FieldError>()
        fun text(name: String) = values[name]?.trim()?.ifEmpty { null }
        fun <T> parse(name: String, what: String, parse: (String) -> T): T? =
            text(name)?.let { runCatching { parse(it) }.getOrElse { e -> errors += FieldError(name, (e as? InputDomainViolation)?.message ?: what); null } }
        val amount = text(AMOUNT)
        if (amount == null) errors += FieldError(AMOUNT, "is required")
        val item = ItemRequest(
            amount = amount.orEmpty(), description = text(DESCRIPTION),
            categoryId = parse(CATEGORY, "is not a category") { UUID.fromString(it) },
        )
        val request = RuleRequest(
            id = parse("id", "is not a valid id") { UUID.fromString(it) },
            name = text("name"),
            accountId = parse("accountId", "is not an account") { UUID.fromString(it) },
            direction = Direction.entries.firstOrNull { it.json == text("direction") } ?: Direction.EXPENSE,
            mode = Mode.entries.firstOrNull { it.json == text("mode") } ?: Mode.CARD,
            sellerId = parse("sellerId", "is not a seller") { UUID.fromString(it) },
            note = text("note"),
            items = listOf(item),
            every = parse("every", "must be a whole number such as 1 or 2") { it.toInt() } ?: 1,
            unit = RepeatUnit.entries.firstOrNull { it.json == text("unit") },
            dayOfMonth = parse("dayOfMonth", "must be a day of the month from 1 to 31") { it.toInt() },
            lastDay = values.checked("lastDay"),
            startDate = parse("startDate", InputDomains.DATE) { InputDomains.parseDate(it) },
            endDate = parse("endDate", InputDomains.DATE) { InputDomains.parseDate(it) },
            count = parse("count", "must be a whole number such as 12") { it.toInt() },
            action = Action.entries.firstOrNull { it.json == text("action") } ?: Action.RECORD,
        )
        validator.validate(request).forEach { v ->
            val field = v.propertyPath.toString()
            if (errors.none { it.field == field }) errors += FieldError(field, v.message)
        }
        return if (errors.isEmpty()) Result(request, FormErrors.NONE) else Result(null, FormErrors.of(ValidationException("invalid form", errors)))
    }

    data class Result(val request: RuleRequest?, val errors: FormErrors)

    companion object {
        const val AMOUNT = "items[0].amount"
        const val CATEGORY = "items[0].categoryId"
        const val DESCRIPTION = "items[0].description"

        /** The form's values for a stored rule of one item. */
        fun values(rule: RuleView) = FormValues.of(
            "id" to rule.id, "name" to rule.name, "accountId" to rule.accountId, "direction" to rule.direction.json, "mode" to rule.mode.json,
            "sellerId" to rule.sellerId, "note" to rule.note, AMOUNT to rule.items.firstOrNull()?.amount,
            CATEGORY to rule.items.firstOrNull()?.categoryId, DESCRIPTION to rule.items.firstOrNull()?.description,
            "every" to rule.every, "unit" to rule.unit.json, "dayOfMonth" to rule.dayOfMonth, "lastDay" to rule.lastDay.takeIf { it },
            "startDate" to rule.startDate, "endDate" to rule.endDate, "count" to rule.count, "action" to rule.action.json,
        )
    }
}

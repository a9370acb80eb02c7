package outlay.ledger

import outlay.platform.Checks
import outlay.platform.InputDomains
import outlay.web.FormValues
import java.util.UUID

/** The transfer form's text as the service's request; text that is not an id or a date is refused beside its field. */
object TransferForm {
    fun read(values: FormValues): TransferRequest {
        val checks = Checks()
        fun text(name: String) = values[name]?.trim()?.ifEmpty { null }
        fun id(name: String) = text(name)?.let { runCatching { UUID.fromString(it) }.getOrNull().also { id -> checks.check(id != null, name, "is not a valid choice") } }
        val date = text("date")?.let { runCatching { InputDomains.parseDate(it) }.onFailure { e -> checks.check(false, "date", e.message!!) }.getOrNull() }
        val note = text("note")
        checks.check(note == null || note.codePointCount(0, note.length) <= 500, "note", "must be at most 500 characters")
        val request = TransferRequest(
            id("id"), id("fromAccountId"), id("toAccountId"), date, text("amount"), text("receivedAmount"), note,
        )
        checks.throwIfAny()
        return request
    }

    fun values(t: TransferView) = FormValues.of(
        "id" to t.id, "fromAccountId" to t.fromAccountId, "toAccountId" to t.toAccountId, "date" to t.date,
        "amount" to t.sent, "receivedAmount" to t.received.takeIf { t.sentCurrency != t.receivedCurrency }, "note" to t.note,
    )
}

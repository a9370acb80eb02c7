package outlay.ledger

import com.fasterxml.jackson.annotation.JsonValue
import io.swagger.v3.oas.annotations.media.Schema
import jakarta.validation.constraints.Pattern
import outlay.platform.CodePointLength
import java.time.Instant
import java.time.LocalDate
import java.util.UUID

/**
 * Money moved from one of the caller's accounts to another. [amount] leaves [fromAccountId] in
 * its currency; [receivedAmount] arrives in [toAccountId]'s currency and is required when the two
 * currencies differ (the rate is exactly receivedAmount / amount); between accounts of one
 * currency it may be left out and must otherwise equal [amount].
 */
data class TransferRequest(
    /** The client's UUID: a retry with the same id returns the transfer already made (200). Required on create. */
    val id: UUID? = null,
    val fromAccountId: UUID? = null,
    val toAccountId: UUID? = null,
    val date: LocalDate? = null,
    @field:Schema(description = "What leaves the source account, a positive decimal such as 100.00", example = "100.00")
    @field:Pattern(regexp = AMOUNT, message = AMOUNT_MESSAGE)
    val amount: String? = null,
    @field:Schema(description = "What arrives in the target account, in its currency", example = "108.37")
    @field:Pattern(regexp = AMOUNT, message = AMOUNT_MESSAGE)
    val receivedAmount: String? = null,
    @field:CodePointLength(max = 500) val note: String? = null,
) {
    companion object {
        const val AMOUNT = """[0-9]{1,13}(\.[0-9]{1,4})?"""
        const val AMOUNT_MESSAGE = outlay.platform.POSITIVE_AMOUNT_MESSAGE
    }
}

data class TransferView(
    val id: UUID,
    val fromAccountId: UUID,
    val toAccountId: UUID,
    val date: LocalDate,
    /** Left the source account, in [sentCurrency]. */
    val sent: String,
    val sentCurrency: String,
    /** Arrived in the target account, in [receivedCurrency]; equal to [sent] within one currency. */
    val received: String,
    val receivedCurrency: String,
    val note: String?,
    val createdAt: Instant,
    val updatedAt: Instant,
)

/** What an entry of `GET /transactions` is: a transaction (expense or income) or one side of a transfer. */
enum class EntryKind(@get:JsonValue val json: String) { TRANSACTION("transaction"), TRANSFER("transfer") }

/** Transfers filtered like the transaction list: [accountId] matches either side. */
data class TransferFilter(val accountId: UUID? = null, val from: LocalDate? = null, val to: LocalDate? = null, val text: String? = null)

package outlay.accounts

import jakarta.validation.constraints.Pattern
import jakarta.validation.constraints.Size
import outlay.platform.InputDomains
import java.time.Instant
import java.util.UUID

data class AccountRequest(
    @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:Size(max = 100)
    val name: String,
    /** ISO 4217 code, e.g. "EUR". */
    val currency: String,
    @field:Size(max = 100)
    val institution: String? = null,
    @field:Size(max = 64)
    val referenceNumber: String? = null,
    /** On update: archive or restore the account. */
    val archived: Boolean = false,
)

data class AccountView(
    val id: UUID,
    val name: String,
    val currency: String,
    val institution: String?,
    val referenceNumber: String?,
    val archived: Boolean,
    val createdAt: Instant,
    val updatedAt: Instant,
)

fun AccountRow.toView() = AccountView(id, name, currency, institution, referenceNumber, archived, createdAt, updatedAt)

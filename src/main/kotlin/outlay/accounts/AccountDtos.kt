package outlay.accounts

import jakarta.validation.constraints.Pattern
import outlay.platform.CodePointLength
import outlay.platform.InputDomains
import outlay.platform.Money
import outlay.platform.plusExact
import java.time.Instant
import java.util.UUID

data class AccountRequest(
    @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:CodePointLength(max = 100)
    val name: String,
    /** ISO 4217 code, e.g. "EUR". */
    val currency: String,
    @field:CodePointLength(max = 100)
    val institution: String? = null,
    @field:CodePointLength(max = 64)
    val referenceNumber: String? = null,
    /** On update: archive or restore the account. */
    val archived: Boolean = false,
    /**
     * What the account held before the first transaction recorded here, a decimal in its currency
     * ("-250.00" for a card that owed money). Default 0 on create; on update, left out keeps it.
     */
    @field:Pattern(regexp = """-?[0-9]{1,13}(\.[0-9]{1,4})?""", message = "must be a decimal such as 120.50 or -35.00")
    val openingBalance: String? = null,
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
    /** What the account held before its first recorded transaction. */
    val openingBalance: String,
    /**
     * The opening balance plus income and transfers in, minus expenses and transfers out, up to
     * now (whatever their dates). Given by `GET /accounts` and `GET /accounts/{id}`; null where an
     * account is only referred to.
     */
    val balance: String?,
)

fun AccountRow.toView(movedMinor: Long? = null) = AccountView(
    id, name, currency, institution, referenceNumber, archived, createdAt, updatedAt,
    Money.format(openingBalanceMinor, currency), movedMinor?.let { Money.format(plusExact(openingBalanceMinor, it), currency) },
)

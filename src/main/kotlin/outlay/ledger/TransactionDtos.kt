package outlay.ledger

import io.swagger.v3.oas.annotations.media.Schema
import jakarta.validation.Valid
import jakarta.validation.constraints.DecimalMin
import jakarta.validation.constraints.Digits
import jakarta.validation.constraints.Pattern
import jakarta.validation.constraints.Size
import outlay.categories.CategoryRef
import outlay.platform.CodePointLength
import outlay.platform.TimeZones
import java.math.BigDecimal
import java.time.Instant
import java.time.LocalDate
import java.time.LocalTime
import java.util.UUID

/**
 * A line item as clients send it. [amount] is the line total as a decimal string ("12.34").
 * [id] is the client's UUID: required in a list of items, taken from the path otherwise.
 */
data class ItemRequest(
    val id: UUID? = null,
    @field:Pattern(regexp = """[0-9]{1,13}(\.[0-9]{1,4})?""", message = "must be a non-negative decimal such as 12.34")
    val amount: String,
    @field:DecimalMin(value = "0", inclusive = false, message = "must be greater than 0")
    @field:Digits(integer = 9, fraction = 3)
    @field:Schema(multipleOf = 0.001, maximum = "999999999.999")
    val quantity: BigDecimal = BigDecimal.ONE,
    @field:CodePointLength(max = 200) val description: String? = null,
    @field:CodePointLength(max = 100) val brand: String? = null,
    @field:CodePointLength(max = 100) val variation: String? = null,
    val categoryId: UUID? = null,
    /** A discount line: subtracted from the total. */
    val isReduction: Boolean = false,
)

/** The header of a draft or transaction, and optionally all its items. */
data class TransactionRequest(
    /** Direct creation only: a client-chosen id makes retries safe without an Idempotency-Key. */
    val id: UUID? = null,
    /** Saving the draft only: the draft to save; a retry after it was saved returns that transaction. */
    val draftId: UUID? = null,
    val accountId: UUID? = null,
    val direction: Direction = Direction.EXPENSE,
    val mode: Mode = Mode.CARD,
    val date: LocalDate? = null,
    val time: LocalTime? = null,
    val sellerId: UUID? = null,
    val sellerLocationId: UUID? = null,
    @field:CodePointLength(max = 500) val note: String? = null,
    /** When present, replaces all items. */
    @field:Valid @field:Size(max = 20) val items: List<ItemRequest>? = null,
)

/** `POST /transactions/draft` options. */
data class NewDraftRequest(
    /** IANA zone whose "today" becomes the draft's date, e.g. "Europe/Berlin"; default the user's preferred time zone. */
    @field:Schema(format = TimeZones.FORMAT)
    val timeZone: String? = null,
)

data class FileView(val id: UUID, val mediaType: String, val sizeBytes: Long, val filename: String?, val url: String) {
    companion object {
        /** An item's photo, served by `GET /images/{id}`. */
        fun image(id: UUID, mediaType: String, sizeBytes: Long, filename: String?) = FileView(id, mediaType, sizeBytes, filename, "/images/$id")
    }
}

data class DocumentView(val id: UUID, val kind: DocumentKind, val mediaType: String, val sizeBytes: Long, val filename: String?, val url: String)

data class ItemView(
    val id: UUID,
    val amount: String,
    val quantity: BigDecimal,
    val description: String?,
    val brand: String?,
    val variation: String?,
    val category: CategoryRef?,
    val isReduction: Boolean,
    val images: List<FileView>,
)

data class DraftView(
    val id: UUID,
    val accountId: UUID?,
    /** The account's currency; null until an account is chosen. */
    val currency: String?,
    val direction: Direction,
    val mode: Mode,
    val date: LocalDate?,
    val time: LocalTime?,
    val sellerId: UUID?,
    val sellerLocationId: UUID?,
    val note: String?,
    val items: List<ItemView>,
    val documents: List<DocumentView>,
    val updatedAt: Instant,
)

/**
 * An entry of a transaction list, or a transaction read by its id. A transfer listed among the
 * transactions is an entry of [kind] transfer: its side of the transfer as seen from the listed
 * account (direction expense and the sent amount where money left, income and the received
 * amount where it arrived; without an account filter the sending side), mode transfer, no items,
 * and the whole transfer in [transfer].
 */
data class TransactionView(
    val id: UUID,
    val accountId: UUID,
    val currency: String,
    val direction: Direction,
    val mode: Mode,
    val date: LocalDate,
    val time: LocalTime?,
    val sellerId: UUID?,
    val sellerName: String?,
    val sellerLocationId: UUID?,
    val note: String?,
    /** Sum of the items, reductions subtracted, as a decimal string. */
    val total: String,
    val items: List<ItemView>,
    val documents: List<DocumentView>,
    val createdAt: Instant,
    val updatedAt: Instant,
    val kind: EntryKind = EntryKind.TRANSACTION,
    /** The transfer, for entries of kind transfer. */
    val transfer: TransferView? = null,
    /**
     * The account's balance after this entry (its opening balance plus everything up to and
     * including it in the list's order), when the list is filtered by account and not by text.
     */
    val balance: String? = null,
)

package outlay.recurring

import jakarta.validation.Valid
import jakarta.validation.constraints.Max
import jakarta.validation.constraints.Min
import jakarta.validation.constraints.Size
import outlay.ledger.Direction
import outlay.ledger.ItemRequest
import outlay.ledger.Mode
import outlay.ledger.TransactionRequest
import outlay.platform.CodePointLength
import java.math.BigDecimal
import java.time.Instant
import java.time.LocalDate
import java.util.UUID

/**
 * A recurring rule as clients send it: the template transaction's fields (as `POST /transactions`
 * takes them, without id and date) and the schedule. [id] is the client's: a retried create
 * returns the rule it made.
 */
data class RuleRequest(
    val id: UUID? = null,
    @field:CodePointLength(min = 1, max = 100) val name: String? = null,
    val accountId: UUID? = null,
    val direction: Direction = Direction.EXPENSE,
    val mode: Mode = Mode.CARD,
    val sellerId: UUID? = null,
    @field:CodePointLength(max = 500) val note: String? = null,
    @field:Valid @field:Size(max = 20) val items: List<ItemRequest>? = null,
    /** Every this many units: 1 is every day/week/month/year. */
    @field:Min(1) @field:Max(MAX_EVERY.toLong()) val every: Int = 1,
    val unit: RepeatUnit? = null,
    /** Months only: the day of the month (default the start date's); in a shorter month, its last day. */
    @field:Min(1) @field:Max(31) val dayOfMonth: Int? = null,
    /** Months only: the last day of every month. */
    val lastDay: Boolean = false,
    val startDate: LocalDate? = null,
    /** The last day an occurrence may fall on (inclusive). */
    val endDate: LocalDate? = null,
    /** How many occurrences in all. */
    @field:Min(1) @field:Max(MAX_COUNT.toLong()) val count: Int? = null,
    /** record: the transaction on its day; confirm: a pending occurrence on its day, recorded once confirmed. */
    val action: Action = Action.RECORD,
) {
    fun template() = Template(accountId, direction, mode, sellerId, note?.trim()?.ifEmpty { null }, items.orEmpty())

    companion object {
        const val MAX_EVERY = 1000
        const val MAX_COUNT = 100_000
    }
}

/** The transaction each occurrence records, kept as the rule stored it. */
data class Template(
    val accountId: UUID?,
    val direction: Direction,
    val mode: Mode,
    val sellerId: UUID?,
    val note: String?,
    val items: List<ItemRequest>,
) {
    fun categoryIds(): Set<UUID> = items.mapNotNullTo(HashSet()) { it.categoryId }

    fun toRequest(id: UUID?, date: LocalDate?) =
        TransactionRequest(id = id, accountId = accountId, direction = direction, mode = mode, date = date, sellerId = sellerId, note = note, items = items)
}

data class RuleView(
    val id: UUID,
    val name: String,
    val accountId: UUID?,
    val direction: Direction,
    val mode: Mode,
    val sellerId: UUID?,
    val note: String?,
    val items: List<ItemRequest>,
    val every: Int,
    val unit: RepeatUnit,
    val dayOfMonth: Int?,
    val lastDay: Boolean,
    val startDate: LocalDate,
    val endDate: LocalDate?,
    val count: Int?,
    val action: Action,
    /** Occurrences produced so far. */
    val produced: Int,
    /** The next occurrence, in the user's time zone's days; null once the rule has ended. */
    val nextDate: LocalDate?,
    val createdAt: Instant,
    val updatedAt: Instant,
)

/** One produced occurrence: its day, its state, and the transaction it recorded (none while pending or skipped). */
data class OccurrenceView(val date: LocalDate, val state: OccurrenceState, val transactionId: UUID?, val createdAt: Instant)

/** What items add up to: their amounts, less the reductions' (exact). */
fun total(items: List<ItemRequest>): BigDecimal =
    items.fold(BigDecimal.ZERO) { sum, item -> if (item.isReduction) sum - item.amount.toBigDecimal() else sum + item.amount.toBigDecimal() }

/** A saved (or found again) rule, and whether this request created it. */
data class SavedRule(val rule: RuleView, val created: Boolean)

package outlay.ledger

import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.accounts.AccountService
import outlay.ledger.statistics.MonthTotals
import outlay.platform.ApiException
import outlay.platform.Checks
import outlay.platform.Cursor
import outlay.platform.NotFoundException
import outlay.platform.Page
import outlay.platform.ProblemType
import outlay.platform.Reads
import outlay.platform.ValidationException
import outlay.platform.positiveMinor
import java.time.Clock
import java.time.Instant
import java.time.temporal.ChronoUnit
import java.util.UUID

/** A transfer, and whether this request made it (false: a retry found the earlier one). */
data class SavedTransfer(val transfer: TransferView, val created: Boolean)

/**
 * Transfers between the caller's own accounts. Every write locks the user's row first (as
 * transaction writes do), so retries of one create find the first one's record, and applies the
 * change to the accounts' transfer totals in `month_totals` in the same database transaction —
 * those totals answer the balances; no statistic reads them.
 */
@Service
class TransferService(
    private val transfers: TransferRepository,
    private val transactions: TransactionRepository,
    private val accounts: AccountService,
    private val monthTotals: MonthTotals,
    private val writers: WriterLock,
    private val clock: Clock,
) {
    /** Creates the transfer with the client's id; a retry with the same id returns it unchanged (created = false). */
    @Transactional
    fun create(userId: UUID, request: TransferRequest): SavedTransfer {
        val id = request.id ?: throw ValidationException("id", "is required: a UUID of your choosing makes retries safe")
        writers.lock(userId) // a concurrent retry waits here, then finds this transfer
        transfers.find(userId, id)?.let { return SavedTransfer(it.toView(), false) }
        if (transactions.exists(userId, id)) {
            throw ApiException(HttpStatus.CONFLICT, ProblemType.CONFLICT, "The id $id belongs to one of your transactions; choose a new UUID.")
        }
        val now = now()
        val row = validate(userId, id, request, now, now)
        transfers.insert(row)
        monthTotals.changeTransfer(emptyList(), row.legs())
        return SavedTransfer(row.toView(), true)
    }

    @Reads
    fun get(userId: UUID, id: UUID): TransferView = (transfers.find(userId, id) ?: throw notFound()).toView()

    @Reads
    fun list(userId: UUID, filter: TransferFilter, cursor: String?, limit: Int): Page<TransferView> {
        if (limit !in 1..TransactionService.MAX_PAGE) throw ValidationException("limit", "must be between 1 and ${TransactionService.MAX_PAGE}")
        if (filter.from != null && filter.to != null && filter.from > filter.to) throw ValidationException("from", TransactionService.FROM_AFTER_TO)
        val rows = transfers.page(userId, filter, cursor?.takeIf { it.isNotEmpty() }?.let(Cursor::decode), limit + 1)
        val page = rows.take(limit)
        return Page(page.map { it.toView() }, if (rows.size > limit) page.last().let { Cursor(it.date, it.id).encode() } else null)
    }

    @Transactional
    fun update(userId: UUID, id: UUID, request: TransferRequest): TransferView {
        writers.lock(userId)
        val before = transfers.find(userId, id, lock = true) ?: throw notFound()
        val after = validate(userId, id, request, before.createdAt, now())
        transfers.update(after)
        monthTotals.changeTransfer(before.legs(), after.legs())
        return after.toView()
    }

    @Transactional
    fun delete(userId: UUID, id: UUID) {
        writers.lock(userId)
        val before = transfers.find(userId, id, lock = true) ?: throw notFound()
        transfers.delete(userId, id)
        monthTotals.changeTransfer(before.legs(), emptyList())
    }

    /** All problems of the request at once; the accounts are looked up in one query. */
    private fun validate(userId: UUID, id: UUID, r: TransferRequest, createdAt: Instant, now: Instant): TransferRow {
        val checks = Checks()
        checks.check(r.fromAccountId != null, "fromAccountId", "is required")
        checks.check(r.toAccountId != null, "toAccountId", "is required")
        checks.check(r.date != null, "date", "is required")
        checks.check(r.fromAccountId == null || r.fromAccountId != r.toAccountId, "toAccountId", "must be another account than the one the money leaves")
        val found = accounts.findAll(userId, listOfNotNull(r.fromAccountId, r.toAccountId)).associateBy { it.id }
        fun account(field: String, accountId: UUID?) = accountId?.let { found[it] }.also {
            if (accountId != null) {
                checks.check(it != null, field, "is not one of your accounts")
                checks.check(it == null || !it.archived, field, "is archived")
            }
        }
        val from = account("fromAccountId", r.fromAccountId)
        val to = account("toAccountId", r.toAccountId)
        val sent = from?.let { amount(checks, "amount", r.amount, it.currency, required = true) }
        val received = to?.let { amount(checks, "receivedAmount", r.receivedAmount, it.currency, required = from != null && from.currency != it.currency) }
        if (from != null && to != null && from.currency == to.currency && sent != null && received != null) {
            checks.check(sent == received, "receivedAmount", "must equal amount between two ${from.currency} accounts (or be left out)")
        }
        checks.throwIfAny()
        return TransferRow(
            id, userId, from!!.id, to!!.id, r.date!!, sent!!, from.currency, received ?: sent, to.currency,
            r.note?.trim()?.ifEmpty { null }, createdAt, now,
        )
    }

    /** Minor units of a positive amount in [currency]; null (with the reason in [checks]) when absent or unusable. */
    private fun amount(checks: Checks, field: String, text: String?, currency: String, required: Boolean): Long? {
        if (text == null) {
            if (required) checks.fail(field, if (field == "amount") "is required" else "is required between accounts of different currencies")
            return null
        }
        return checks.positiveMinor(field, text, currency)
    }

    private fun TransferRow.legs() = MonthTotals.legs(userId, date, fromAccountId, sentCurrency, sentMinor, toAccountId, receivedCurrency, receivedMinor)

    /** To the database's precision (microseconds), so the answer to a write reads back the same later. */
    private fun now(): Instant = clock.instant().truncatedTo(ChronoUnit.MICROS)

    private fun notFound() = NotFoundException("Transfer not found.")
}

package outlay.ledger

import org.jooq.Query
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.accounts.AccountView
import outlay.categories.CategoryView
import outlay.ledger.statistics.Contribution
import outlay.ledger.statistics.MonthTotals
import outlay.platform.Checks
import outlay.platform.Cursor
import outlay.platform.Ids
import outlay.platform.Money
import outlay.platform.NotFoundException
import outlay.platform.Page
import outlay.platform.Reads
import outlay.platform.ValidationException
import java.time.Clock
import java.time.Instant
import java.time.LocalDate
import java.time.temporal.ChronoUnit
import java.util.UUID

/** A saved (or found again) transaction, and whether this request created it. */
data class Saved(val transaction: TransactionView, val created: Boolean)

@Service
class TransactionService(
    private val transactions: TransactionRepository,
    private val queries: TransactionQueries,
    private val drafts: DraftRepository,
    private val references: References,
    private val monthTotals: MonthTotals,
    private val writers: WriterLock,
    private val joined: JoinedWrites,
    private val transfers: TransferRepository,
    private val balances: Balances,
    private val clock: Clock,
) {
    /**
     * Saves the draft as a transaction with the draft's id, moving its items, documents and
     * images, and empties it. A retry — same Idempotency-Key, or the same draftId after the
     * draft is gone — returns the transaction it already made.
     */
    @Transactional
    fun saveDraft(userId: UUID, draftId: UUID?, idempotencyKey: String?): Saved {
        val hash = Idempotency.hash("draft", draftId)
        // the user's write lock and the draft's in one statement: concurrent retries wait here for the first save, then
        // find its transaction; no edit of the draft while it is saved. Without a draft, the user's lock alone.
        val draft = drafts.lockWithWriter(userId) ?: null.also { writers.lock(userId) }
        // after both locks, in a statement of its own: what a save or an edit they waited for committed, with the key's
        // earlier use and the account and categories the validation checks (without a draft, the key's use alone)
        val lookups = draft?.let { references.Shaped(it.accountId, drafts::itemCategoryIds) }
        val keyUse = idempotencyKey?.let { TransactionRepository.KeyUseField(it) }
        val (content, row) = lookups?.let { drafts.read(userId, listOfNotNull(it, keyUse))!! } ?: (null to null)
        val use = if (row != null) keyUse?.read(row) else idempotencyKey?.let { transactions.forIdempotencyKey(userId, it) }
        earlier(userId, use, hash)?.let { return it }
        if (draft == null || (draftId != null && draft.id != draftId)) {
            if (draftId != null && transactions.exists(userId, draftId)) return Saved(one(userId, draftId), false)
            throw DraftService.noDraft()
        }
        val items = content!!.items.map { (it, _) ->
            ItemRequest(it.id, Money.format(it.amount), it.quantity, it.description, it.brand, it.variation, it.categoryId, it.isReduction)
        }
        val request = TransactionRequest(
            id = draft.id, accountId = draft.accountId, direction = draft.direction, mode = draft.mode, date = draft.date,
            time = draft.time, sellerId = draft.sellerId, sellerLocationId = draft.sellerLocationId, note = draft.note, items = items,
        )
        val images = content.items.associate { (item, images) -> item.id to images }
        // moving the attachments and emptying the draft join the transaction's own writes
        val then = transactions.copyingDraftAttachments(userId, draft.id, documents = content.documents.isNotEmpty(), images = images.values.any { it.isNotEmpty() }) +
            drafts.deleting(userId)
        val valid = validate(userId, request, lookups!!.read(row!!))
        val written = checkNotNull(insert(userId, request, valid, idempotencyKey?.let { it to hash }, then = then)) { "inserted under the user's lock" }
        return Saved(written.toView(images, content.documents) ?: one(userId, draft.id), true) // what it wrote, not read back
    }

    /**
     * Creates a transaction directly from a full body; retry-safe by Idempotency-Key or a client-chosen id. On PostgreSQL
     * the user's lock is taken only for the monthly totals ([MonthTotals] takes it), so one user's creates overlap until
     * then: a concurrent retry's insert waits on the unique index for the first create, skips, and finds it. There the
     * earlier record is looked for only after the insert skipped (or the request failed its checks, which a retry made
     * after, say, its account was archived would): a new record, the common case, costs no lookup first. On H2 the
     * lock comes first, and concurrent retries wait there, then find the earlier record before anything is written.
     */
    @Transactional
    fun create(userId: UUID, request: TransactionRequest, idempotencyKey: String?): Saved {
        val hash = Idempotency.hash("create", request)
        fun earlier() = found(userId, request.id, idempotencyKey, hash)
        if (!writers.keysWaitForRetries) {
            writers.lock(userId)
            earlier()?.let { return it }
        }
        val valid = try {
            validate(userId, request)
        } catch (e: ValidationException) {
            return earlier() ?: throw e
        }
        val written = insert(userId, request.copy(id = request.id ?: Ids.next()), valid, idempotencyKey?.let { it to hash }, ifAbsent = writers.keysWaitForRetries)
            ?: return earlier() ?: throw Idempotency.vanished()
        return Saved(written.toView(emptyMap(), emptyList()) ?: one(userId, written.row.id), true) // what it wrote, not read back
    }

    /** The transaction an earlier request with this key or client-chosen id made (a different request with the key is refused). */
    private fun found(userId: UUID, id: UUID?, key: String?, hash: String): Saved? =
        earlier(userId, key?.let { transactions.forIdempotencyKey(userId, it) }, hash)
            ?: id?.takeIf { transactions.exists(userId, it) }?.let { Saved(one(userId, it), false) }

    /**
     * Checks [request] as [create] would, writing nothing: a template saved for later (a recurring
     * rule) is refused now with the same problems its transactions would get.
     */
    @Reads
    fun check(userId: UUID, request: TransactionRequest) {
        validate(userId, request)
    }

    /** The transaction an earlier request with this key made; a different request with the same key is refused. */
    private fun earlier(userId: UUID, use: KeyUse?, hash: String): Saved? {
        use ?: return null
        if (use.requestHash != null && use.requestHash != hash) throw Idempotency.reused(use.transactionId)
        return Saved(one(userId, use.transactionId), false)
    }

    /** [expectedUpdatedAt], when given, is the version the caller edited: a transaction changed since then is refused. */
    @Transactional
    fun update(userId: UUID, id: UUID, request: TransactionRequest, expectedUpdatedAt: Instant? = null): TransactionView {
        val (createdAt, updatedAt) = transactions.lock(userId, id) ?: throw NotFoundException("Transaction not found.")
        if (expectedUpdatedAt != null && expectedUpdatedAt != updatedAt) throw DraftService.stale("transaction")
        val (account, items, categories) = validate(userId, request)
        val row = toRow(userId, id, request, account, items, null, createdAt)
        val before = monthTotals.current(userId, id)
        val itemWrites = transactions.replacingItems(userId, id, items, transactions.itemIds(userId, id))
        // the header, the items and the totals need nothing from one another: one statement on PostgreSQL
        joined.execute(listOf(transactions.updating(row)) + itemWrites + monthTotals.changes(before, row.contribution(items), Written(row, items, categories).parents))
        return one(userId, id)
    }

    @Transactional
    fun delete(userId: UUID, id: UUID) {
        transactions.lock(userId, id) ?: throw NotFoundException("Transaction not found.")
        val before = monthTotals.current(userId, id)
        transactions.delete(userId, id)
        monthTotals.change(before, null)
    }

    @Reads
    fun get(userId: UUID, id: UUID): TransactionView = one(userId, id)

    /**
     * Transactions and transfers in one keyset order (date, id), newest first: each source gives
     * its next limit + 1 rows past the cursor and the merge keeps the first limit + 1, so pages
     * neither skip nor repeat. Filtered by account (and not by text), every entry carries the
     * account's balance after it.
     */
    @Reads
    fun list(userId: UUID, filter: ListFilter, cursor: String?, limit: Int): Page<TransactionView> {
        if (limit !in 1..MAX_PAGE) throw ValidationException("limit", "must be between 1 and $MAX_PAGE")
        checkFilter(filter)
        val key = cursor?.takeIf { it.isNotEmpty() }?.let(Cursor::decode)
        val transactions = queries.page(userId, filter, key, limit + 1)
        // A full page of transactions bounds the transfers that can join it: the merged page is newest
        // first by date, so a transfer dated before its last transaction cannot be among the first
        // limit + 1 (the page of 50 read 51 monthly transfers to keep about 5).
        val from = if (transactions.size > limit) maxOf(transactions.last().date, filter.from ?: LocalDate.MIN) else filter.from
        val transferRows = transfers.page(userId, TransferFilter(filter.accountId, from, filter.to, filter.text), key, limit + 1)
        val rows = (transactions + transferRows.map { it.toEntry(filter.accountId) }).sortedWith(NEWEST_FIRST).take(limit + 1)
        val page = rows.take(limit)
        val next = if (rows.size > limit) page.last().let { Cursor(it.date, it.id).encode() } else null
        val accountId = filter.accountId
        if (accountId == null || filter.text != null || page.isEmpty()) return Page(page, next)
        val account = references.account(userId, accountId) ?: return Page(page, next)
        var balance = minor(account.openingBalance, account.currency) + balances.through(userId, accountId, page.first().date, page.first().id)
        // walking down the page: the balance before an entry is the balance after it minus what it moved
        val withBalances = page.map { entry ->
            entry.copy(balance = Money.format(balance, account.currency)).also { balance -= minor(entry.total, entry.currency).let { if (entry.direction == Direction.INCOME) it else -it } }
        }
        return Page(withBalances, next)
    }

    /** Totals per day and currency of everything [filter] matches on [days] (a list page's days, whole even when a page splits one). */
    @Reads
    fun dayTotals(userId: UUID, filter: ListFilter, days: Set<LocalDate>): List<DayTotal> {
        checkFilter(filter)
        return queries.dayTotals(userId, filter, days)
    }

    /** An amount this server formatted, back in minor units (exact). */
    private fun minor(amount: String, currency: String): Long = Money.toMinor(amount.toBigDecimal(), currency) ?: error("$amount is not a $currency amount")

    private fun checkFilter(filter: ListFilter) {
        if (filter.from != null && filter.to != null && filter.from > filter.to) throw ValidationException("from", FROM_AFTER_TO)
        if (filter.text != null && (filter.text.isBlank() || filter.text.codePointCount(0, filter.text.length) > MAX_TEXT)) throw ValidationException("text", "must be 1 to $MAX_TEXT characters")
    }

    private fun one(userId: UUID, id: UUID) = queries.one(userId, id) ?: throw NotFoundException("Transaction not found.")

    /**
     * [valid]: what [validate] found for [request]. [ifAbsent]: null and nothing written when the user has a transaction
     * with this id or key already (else that is an integrity violation).
     * [then]: writes of the caller's to run after these, joined with them ([JoinedWrites]) when the transaction is written.
     */
    private fun insert(
        userId: UUID, request: TransactionRequest, valid: Valid, idempotency: Pair<String, String>?, ifAbsent: Boolean = false,
        then: List<Query> = emptyList(),
    ): Written? {
        val (account, items, categories) = valid
        val written = Written(toRow(userId, request.id!!, request, account, items, idempotency, clock.instant()), items, categories)
        if (ifAbsent && !transactions.insertIfAbsent(written.row)) return null
        val header = if (ifAbsent) emptyList() else listOf(transactions.inserting(written.row))
        // the totals' statements come after the user's lock, which building them takes (usually held already)
        val totals = monthTotals.changes(null, written.row.contribution(items), written.parents)
        joined.execute(header + listOfNotNull(transactions.insertingItems(userId, written.row.id, items)) + totals + then)
        return written
    }

    /** A request that passed [validate]: its account, its items as stored, and the categories they refer to (by id). */
    private data class Valid(val account: AccountView, val items: List<ItemRow>, val categories: Map<UUID, CategoryView>)

    /** The strict rules of a saved transaction; all problems are reported at once. */
    private fun validate(userId: UUID, request: TransactionRequest, read: References.Read? = null): Valid {
        val items = request.items.orEmpty()
        val checks = Checks()
        val found = references.check(userId, request, items, checks, read)
        val account = found.account
        checks.check(request.accountId != null, "accountId", "is required")
        checks.check(request.date != null, "date", "is required")
        checks.check(items.isNotEmpty(), "items", "needs at least one item")
        checks.check(items.size <= DraftService.MAX_ITEMS, "items", "has more than ${DraftService.MAX_ITEMS} items")
        checks.check(items.mapNotNull { it.id }.toSet().size == items.count { it.id != null }, "items", "ids must be unique")
        val rows = items.mapIndexed { i, item ->
            checks.check(item.categoryId != null, "items[$i].categoryId", "is required")
            val minor = account?.let { a -> Money.parse(item.amount)?.let { Money.toMinor(it, a.currency) } }
            if (account != null && minor == null) {
                checks.fail("items[$i].amount", "has more decimals than ${account.currency} allows (${Money.digits(account.currency)})")
            }
            ItemRow(
                item.id ?: Ids.next(), i, minor ?: 0, item.quantity, item.description?.trim(), item.brand?.trim(),
                item.variation?.trim(), item.categoryId ?: NO_CATEGORY, item.isReduction,
            )
        }
        checks.check(account == null || total(rows) >= 0, "items", "reductions exceed the total")
        checks.throwIfAny()
        return Valid(account!!, rows, found.categories)
    }

    private fun toRow(
        userId: UUID, id: UUID, r: TransactionRequest, account: AccountView, items: List<ItemRow>, key: Pair<String, String?>?, createdAt: java.time.Instant,
    ) = TransactionRow(
        id, userId, account.id, r.direction, r.mode, r.date ?: LocalDate.MIN, r.time, r.sellerId, r.sellerLocationId,
        r.note?.trim()?.ifEmpty { null }, account.currency, total(items), items.size, key?.first, key?.second,
        // to the microsecond, as both databases store them: [Written.toView] answers with these
        createdAt.truncatedTo(ChronoUnit.MICROS), clock.instant().truncatedTo(ChronoUnit.MICROS),
    )

    private fun TransactionRow.contribution(items: List<ItemRow>) =
        Contribution(userId, date, accountId, sellerId, currency, direction, items.map { it.categoryId to if (it.isReduction) -it.amountMinor else it.amountMinor })

    // cannot wrap: at most 20 items, each below 10^17 minor units (outlay.platform.ExactSums); sums over transactions are exact
    private fun total(items: List<ItemRow>): Long = items.sumOf { if (it.isReduction) -it.amountMinor else it.amountMinor }

    companion object {
        /** The databases' order of (date, id), descending: UUIDs compare as unsigned bytes there. */
        val NEWEST_FIRST: Comparator<TransactionView> = compareByDescending<TransactionView> { it.date }
            .then { a, b -> java.lang.Long.compareUnsigned(b.id.mostSignificantBits, a.id.mostSignificantBits).takeIf { it != 0 } ?: java.lang.Long.compareUnsigned(b.id.leastSignificantBits, a.id.leastSignificantBits) }

        const val MAX_PAGE = 200
        const val MAX_TEXT = 100

        /**
         * A list's dates, the same rule and words for transactions and transfers: `from` after `to` is a
         * mistake worth saying (400 naming from), not an empty page. No schema relates two parameters, so
         * the OpenAPI document says it on `from`.
         */
        const val FROM_DESCRIPTION = "The first day listed (inclusive); not after to: a later from is a 400 problem naming from"
        const val FROM_AFTER_TO = "must not be after to"
        private val NO_CATEGORY = UUID(0, 0)
    }
}

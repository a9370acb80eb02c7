package outlay.ledger

import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import org.springframework.web.multipart.MultipartFile
import outlay.accounts.AccountService
import outlay.documents.FileService
import outlay.documents.FileTypes
import outlay.platform.ApiException
import outlay.platform.Checks
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.ProblemType
import outlay.platform.ValidationException
import java.math.BigDecimal
import outlay.preferences.PreferenceService
import java.time.Clock
import java.time.Instant
import java.time.LocalDate
import java.time.ZoneId
import java.util.UUID

/** The draft: one per user, edited piece by piece, saved by [TransactionService.saveDraft]. */
@Service
class DraftService(
    private val drafts: DraftRepository,
    private val accounts: AccountService,
    private val references: References,
    private val files: FileService,
    private val writers: WriterLock,
    private val clock: Clock,
    private val preferences: PreferenceService,
) {
    /** The draft [open] returns, and whether it made it. */
    data class Opened(val draft: DraftView, val created: Boolean)

    /**
     * Opens the draft: the one in progress if there is one (never reset: that is [discard]), or a
     * new one on the user's first account, today, an expense by card.
     */
    @Transactional
    fun open(userId: UUID, request: NewDraftRequest): Opened {
        val asked = request.timeZone?.let { runCatching { ZoneId.of(it) }.getOrElse { throw ValidationException("timeZone", "is not an IANA time zone") } }
        writers.lock(userId) // two opens at once: the second waits, then finds the first's draft
        drafts.view(userId)?.let { return Opened(it, created = false) }
        // only a new draft needs a date: reopening the one in progress reads no preferences
        val zone = asked ?: preferences.get(userId).timeZone
        val now = clock.instant()
        val account = accounts.list(userId, includeArchived = false).firstOrNull()
        drafts.insert(
            DraftHeader(Ids.next(), userId, account?.id, account?.currency, Direction.EXPENSE, Mode.CARD, LocalDate.ofInstant(now, zone), null, null, null, null, now, now),
        )
        return Opened(drafts.view(userId)!!, created = true)
    }

    /** Discards the draft in progress with its items and attachments (their files go with the next sweep if nothing else uses them). */
    @Transactional
    fun discard(userId: UUID) {
        lock(userId)
        drafts.delete(userId)
    }

    @Transactional(readOnly = true)
    fun get(userId: UUID): DraftView = drafts.view(userId) ?: throw noDraft()

    /**
     * Replaces the header, and the items when the request lists them. [expectedUpdatedAt], when
     * given, is the version the caller edited: a draft changed since then (another tab) is refused.
     */
    @Transactional
    fun update(userId: UUID, request: TransactionRequest, expectedUpdatedAt: Instant? = null): DraftView {
        val draft = lock(userId)
        if (expectedUpdatedAt != null && expectedUpdatedAt != draft.updatedAt) throw stale()
        val items = request.items.orEmpty()
        val checks = Checks()
        references.check(userId, request, items, checks)
        items.forEachIndexed { i, item -> checks.check(item.id != null, "items[$i].id", "is required") }
        checks.check(items.mapNotNull { it.id }.toSet().size == items.size, "items", "ids must be unique")
        checks.throwIfAny()
        val now = clock.instant()
        drafts.updateHeader(
            draft.copy(
                accountId = request.accountId, direction = request.direction, mode = request.mode, date = request.date,
                time = request.time, sellerId = request.sellerId, sellerLocationId = request.sellerLocationId,
                note = request.note, updatedAt = now,
            ),
        )
        if (request.items != null) {
            val existing = drafts.items(userId).map { it.id }.toSet()
            drafts.deleteItemsExcept(userId, items.map { it.id!! })
            drafts.saveItems(userId, items.mapIndexed { position, item -> row(item.id!!, item, position) }, existing, now)
        }
        return drafts.view(userId)!!
    }

    /** Creates or replaces one item by the client's id. */
    @Transactional
    fun putItem(userId: UUID, itemId: UUID, request: ItemRequest): ItemView {
        val draft = lock(userId)
        val checks = Checks()
        references.checkCategories(userId, listOf(request), checks) { "" }
        checks.throwIfAny()
        val items = drafts.items(userId)
        val existing = items.firstOrNull { it.id == itemId }
        val now = clock.instant()
        if (existing == null && items.size >= MAX_ITEMS) throw limit("A transaction has at most $MAX_ITEMS items.")
        val position = existing?.position ?: ((items.maxOfOrNull { it.position } ?: -1) + 1)
        drafts.saveItems(userId, listOf(row(itemId, request, position)), setOfNotNull(existing?.id), now)
        drafts.touch(userId, now)
        return drafts.itemView(userId, itemId, draft.currency)!!
    }

    @Transactional
    fun deleteItem(userId: UUID, itemId: UUID) {
        lock(userId)
        if (!drafts.deleteItem(userId, itemId)) throw NotFoundException("Item not found in the draft.")
        drafts.touch(userId, clock.instant())
    }

    @Transactional
    fun addDocument(userId: UUID, upload: MultipartFile, kind: String): DocumentView {
        val documentKind = DocumentKind.of(kind) ?: throw ValidationException("kind", "must be one of receipt, invoice, bank_statement, other")
        lock(userId)
        val id = files.receive(upload, FileTypes.DOCUMENT_TYPES).use { received ->
            val stored = files.existing(userId, received)
            stored?.let { drafts.documentIdForFile(userId, it.id) } ?: run {
                if (drafts.documents(userId).size >= MAX_DOCUMENTS) throw limit("A transaction has at most $MAX_DOCUMENTS documents.")
                val file = files.persist(userId, received, stored)
                Ids.next().also { drafts.insertDocument(userId, it, file.id, documentKind, cleanName(upload.originalFilename), clock.instant()) }
            }
        }
        return drafts.documents(userId).first { it.id == id }.toDocumentView()
    }

    @Transactional
    fun deleteDocument(userId: UUID, id: UUID) {
        lock(userId)
        if (!drafts.deleteDocument(userId, id)) throw NotFoundException("Document not found in the draft.")
    }

    @Transactional
    fun addImage(userId: UUID, itemId: UUID, upload: MultipartFile): FileView {
        val draft = lock(userId)
        drafts.item(userId, itemId) ?: throw NotFoundException("Item not found in the draft.")
        val id = files.receive(upload, FileTypes.IMAGE_TYPES).use { received ->
            val stored = files.existing(userId, received)
            stored?.let { drafts.imageIdForFile(userId, itemId, it.id) } ?: run {
                if (drafts.countImages(userId, itemId) >= MAX_IMAGES) throw limit("An item has at most $MAX_IMAGES images.")
                val file = files.persist(userId, received, stored)
                Ids.next().also { drafts.insertImage(userId, it, itemId, file.id, cleanName(upload.originalFilename), clock.instant()) }
            }
        }
        return drafts.itemView(userId, itemId, draft.currency)!!.images.first { it.id == id }
    }

    @Transactional
    fun deleteImage(userId: UUID, itemId: UUID, id: UUID) {
        lock(userId)
        if (!drafts.deleteImage(userId, itemId, id)) throw NotFoundException("Image not found on this item.")
    }

    private fun row(id: UUID, item: ItemRequest, position: Int) = DraftItemRow(
        id, position, BigDecimal(item.amount), item.quantity, item.description?.trim(), item.brand?.trim(),
        item.variation?.trim(), item.categoryId, null, item.isReduction,
    )

    private fun lock(userId: UUID) = drafts.find(userId, lock = true) ?: throw noDraft()

    companion object {
        const val MAX_ITEMS = 20
        const val MAX_DOCUMENTS = 10
        const val MAX_IMAGES = 10

        fun noDraft() = ApiException(HttpStatus.NOT_FOUND, ProblemType.NO_DRAFT, "There is no draft; create one with POST /transactions/draft.")

        fun limit(detail: String) = ApiException(HttpStatus.CONFLICT, ProblemType.LIMIT_EXCEEDED, detail)

        /** An upload's name as stored: no path, no control characters. */
        fun cleanName(name: String?): String? =
            name?.substringAfterLast('/')?.substringAfterLast('\\')?.filter { it >= ' ' }?.take(255)?.ifBlank { null }

        /** A form drawn from an older version of the [what] than the one stored now. */
        fun stale(what: String = "draft") = ApiException(
            HttpStatus.CONFLICT, ProblemType.CONFLICT,
            "The $what was changed in another tab or window since this form was shown; your changes were not applied.",
        )

        /** The running total of a draft's items in its currency: reductions subtracted. */
        fun total(items: List<ItemView>): BigDecimal =
            items.fold(BigDecimal.ZERO) { sum, item -> BigDecimal(item.amount).let { if (item.isReduction) sum - it else sum + it } }
    }
}

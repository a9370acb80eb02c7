package outlay.ledger

import org.springframework.dao.DuplicateKeyException
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import org.springframework.web.multipart.MultipartFile
import outlay.categories.CategoryRef
import outlay.categories.CategoryView
import outlay.documents.FileKind
import outlay.documents.FileService
import outlay.platform.ApiException
import outlay.platform.Checks
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.ProblemType
import outlay.platform.Reads
import outlay.platform.TimeZones
import outlay.platform.ValidationException
import outlay.platform.takeCodePoints
import outlay.preferences.PreferenceService
import java.math.BigDecimal
import java.time.Clock
import java.time.Instant
import java.time.LocalDate
import java.util.UUID

/** The draft: one per user, edited piece by piece, saved by [TransactionService.saveDraft]. */
@Service
class DraftService(
    private val drafts: DraftRepository,
    private val headers: DraftHeaders,
    private val attachments: DraftAttachmentRepository,
    private val references: References,
    private val files: FileService,
    private val clock: Clock,
    private val preferences: PreferenceService,
) {
    /** The draft [open] returns, and whether it made it. */
    data class Opened(val draft: DraftView, val created: Boolean)

    /**
     * Opens the draft: the one in progress if there is one (never reset: that is [discard]), or a
     * new one on the user's first account, today, an expense by card. Asked with a time zone, one statement when
     * there is none yet (the insert, which answers); without one, the draft in progress is read first, so reopening
     * it reads no preferences. Two opens at once: the second's insert waits for the first's, then finds its draft.
     * A draft saved or discarded between the insert's conflict and the read is gone: the insert is tried again, at
     * most [OPEN_ATTEMPTS] times in all, then [changedWhileOpening] (409) asks the caller to retry rather than loop on.
     */
    @Transactional
    fun open(userId: UUID, request: NewDraftRequest): Opened {
        val asked = request.timeZone?.let { TimeZones.of(it) ?: throw ValidationException("timeZone", TimeZones.MESSAGE) }
        if (asked == null) drafts.view(userId)?.let { return Opened(it, created = false) }
        val zone = asked ?: preferences.get(userId).timeZone
        repeat(OPEN_ATTEMPTS) {
            val now = clock.instant()
            val header = try {
                headers.insertIfNone(userId, Ids.next(), LocalDate.ofInstant(now, zone), now)
            } catch (e: DuplicateKeyException) {
                null // H2 (a MERGE, not PostgreSQL's ON CONFLICT): a concurrent open inserted it first, and committed
            }
            if (header != null) return Opened(DraftContent(header, emptyList(), emptyList()).toView(), created = true)
            drafts.view(userId)?.let { return Opened(it, created = false) } // else saved or discarded meanwhile: insert anew
        }
        throw changedWhileOpening()
    }

    /** Discards the draft in progress with its items and attachments (their files go with the next sweep if nothing else uses them). */
    @Transactional
    fun discard(userId: UUID) {
        lock(userId)
        drafts.delete(userId)
    }

    @Reads
    fun get(userId: UUID): DraftView = drafts.view(userId) ?: throw noDraft()

    /**
     * Replaces the header, and the items when the request lists them. [expectedUpdatedAt], when
     * given, is the version the caller edited: a draft changed since then (another tab) is refused.
     * The header's update comes first and is the draft's lock; then the items are written in the statement
     * that reads the draft as it was (with the references' lookups), and refused input rolls all of it back. The
     * answer comes from what was written and that read, not from reading the draft again.
     */
    @Transactional
    fun update(userId: UUID, request: TransactionRequest, expectedUpdatedAt: Instant? = null): DraftView {
        val now = clock.instant()
        val written = headers.updateHeader(userId, request, now, expectedUpdatedAt) ?: throw (if (expectedUpdatedAt != null && headers.find(userId) != null) stale() else noDraft())
        val items = request.items.orEmpty()
        val ids = items.map { it.id }
        val idsValid = ids.none { it == null } && ids.toSet().size == ids.size
        val writes = if (request.items == null || !idsValid) null
        else DraftItemWrites.Replace(items.mapIndexed { position, item -> row(item.id!!, item, position) }, now) // a removed item's images go with it
        val lookups = references.Shaped(request.accountId, items.mapNotNull { it.categoryId }.toSet())
        // a statement of its own: it sees what an edit the header's update waited for committed
        val (draft, row) = drafts.read(userId, listOf(lookups), writes)!!
        val checks = Checks()
        val found = references.check(userId, request, items, checks, lookups.read(row))
        items.forEachIndexed { i, item -> checks.check(item.id != null, "items[$i].id", "is required") }
        checks.check(idsValid, "items", "ids must be unique")
        checks.throwIfAny()
        val header = written.copy(currency = found.account?.currency)
        if (request.items == null) return draft.copy(header = header).toView()
        val kept = draft.items.associate { (item, images) -> item.id to images }
        val rows = items.mapIndexed { position, item -> row(item.id!!, item, position, found.categories) }
        return DraftContent(header, rows.map { it to kept[it.id].orEmpty() }, draft.documents).toView()
    }

    /**
     * Creates or replaces one item by the client's id. The draft's mark comes first and locks it; then the item is
     * written (at its own position, or after the last) in the statement that reads the draft as it was, and a refusal
     * (its category, the draft's limit) rolls both back.
     */
    @Transactional
    fun putItem(userId: UUID, itemId: UUID, request: ItemRequest): ItemView {
        val now = clock.instant()
        if (!headers.touch(userId, now)) throw noDraft()
        val lookups = references.Shaped(null, setOfNotNull(request.categoryId))
        val (draft, read) = drafts.read(userId, listOf(lookups), DraftItemWrites.Put(row(itemId, request, 0), now))!!
        val checks = Checks()
        val categories = references.checkCategories(userId, listOf(request), checks, lookups.read(read)) { "" }
        checks.throwIfAny()
        val items = draft.items.map { it.first }
        val existing = draft.items.firstOrNull { it.first.id == itemId }
        if (existing == null && items.size >= MAX_ITEMS) throw limit("A transaction has at most $MAX_ITEMS items.")
        val position = existing?.first?.position ?: ((items.maxOfOrNull { it.position } ?: -1) + 1) // as the put wrote it
        return row(itemId, request, position, categories).toView(existing?.second.orEmpty(), draft.header.currency) // its images stay
    }

    @Transactional
    fun deleteItem(userId: UUID, itemId: UUID) {
        lock(userId)
        if (!drafts.deleteItem(userId, itemId)) throw NotFoundException("Item not found in the draft.")
        headers.touch(userId, clock.instant())
    }

    @Transactional
    fun addDocument(userId: UUID, upload: MultipartFile, kind: String): DocumentView {
        val documentKind = DocumentKind.of(kind) ?: throw ValidationException("kind", "must be one of receipt, invoice, bank_statement, other")
        lock(userId)
        return files.receive(upload, FileKind.DOCUMENT).use { received ->
            // two statements in all on PostgreSQL: the draft's lock, then the file's row (found or made, locked) with the
            // insert that checks the draft's limit and whether it has this file already; only a refused insert reads why
            val name = cleanName(upload.originalFilename)
            val id = Ids.next()
            val (file, added) = attachments.addDocument(userId, files.claiming(userId, received), id, documentKind, name, clock.instant(), MAX_DOCUMENTS)
            if (added) {
                files.place(file, received)
                return@use DocumentView(id, documentKind, file.mediaType, file.sizeBytes, name, "/documents/$id")
            }
            val existing = attachments.documentIdForFile(userId, file.id) ?: throw limit("A transaction has at most $MAX_DOCUMENTS documents.")
            drafts.read(userId)!!.documents.first { it.id == existing } // the same file again: the document it is already
        }
    }

    @Transactional
    fun deleteDocument(userId: UUID, id: UUID) {
        lock(userId)
        if (!attachments.deleteDocument(userId, id)) throw NotFoundException("Document not found in the draft.")
    }

    @Transactional
    fun addImage(userId: UUID, itemId: UUID, upload: MultipartFile): FileView {
        val draft = lock(userId)
        drafts.item(userId, itemId) ?: throw NotFoundException("Item not found in the draft.")
        return files.receive(upload, FileKind.IMAGE).use { received ->
            // as a document's upload: the file's row found or made and locked with an insert that checks the item's limit
            // and whether it has this file already; only a refused insert reads the item to say why
            val name = cleanName(upload.originalFilename)
            val id = Ids.next()
            val (file, added) = attachments.addImage(userId, files.claiming(userId, received), id, itemId, name, clock.instant(), MAX_IMAGES)
            if (added) {
                files.place(file, received)
                return@use FileView(id, file.mediaType, file.sizeBytes, name, "/images/$id")
            }
            val existing = attachments.imageIdForFile(userId, itemId, file.id) ?: throw limit("An item has at most $MAX_IMAGES images.")
            drafts.itemView(userId, itemId, draft.currency)!!.images.first { it.id == existing } // the same file again: the image it is already
        }
    }

    @Transactional
    fun deleteImage(userId: UUID, itemId: UUID, id: UUID) {
        lock(userId)
        if (!attachments.deleteImage(userId, itemId, id)) throw NotFoundException("Image not found on this item.")
    }

    /** The item as stored (the request's amount and quantity fit their columns exactly), with its category when [categories] has it. */
    private fun row(id: UUID, item: ItemRequest, position: Int, categories: Map<UUID, CategoryView> = emptyMap()) = DraftItemRow(
        id, position, BigDecimal(item.amount), item.quantity, item.description?.trim(), item.brand?.trim(),
        item.variation?.trim(), item.categoryId, item.categoryId?.let { categories[it] }?.let { c -> CategoryRef(c.id, c.name, c.icon) }, item.isReduction,
    )

    private fun lock(userId: UUID) = headers.find(userId, lock = true) ?: throw noDraft()

    companion object {
        const val MAX_ITEMS = 20
        const val MAX_DOCUMENTS = 10
        const val MAX_IMAGES = 10

        /** Inserts [open] tries: each lost one means another request saved or discarded a draft in between, so a few suffice. */
        const val OPEN_ATTEMPTS = 3

        fun noDraft() = ApiException(HttpStatus.NOT_FOUND, ProblemType.NO_DRAFT, "There is no draft; create one with POST /transactions/draft.")

        /** The draft was saved or discarded by other requests each time [open] looked: nothing was changed, and a retry opens one. */
        fun changedWhileOpening() = ApiException(
            HttpStatus.CONFLICT, ProblemType.CONFLICT,
            "The draft was saved or discarded by another request while it was being opened; nothing was changed, try again.",
        )

        fun limit(detail: String) = ApiException(HttpStatus.CONFLICT, ProblemType.LIMIT_EXCEEDED, detail)

        /** An upload's name as stored: no path, no control characters. */
        fun cleanName(name: String?): String? =
            name?.substringAfterLast('/')?.substringAfterLast('\\')?.filter { it >= ' ' }?.takeCodePoints(255)?.ifBlank { null }

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

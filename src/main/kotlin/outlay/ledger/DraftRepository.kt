package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Query
import org.jooq.Record
import org.jooq.Record1
import org.jooq.Select
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.categories.CategoryFields
import outlay.categories.CategoryRef
import outlay.db.tables.references.ACCOUNT
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import outlay.db.tables.references.STORED_FILE
import outlay.db.tables.references.USERS
import outlay.ledger.DraftFields.DOCUMENTS
import outlay.ledger.DraftFields.ITEMS
import outlay.platform.StatementShapes
import outlay.platform.prerendered
import java.math.BigDecimal
import java.time.Instant
import java.time.LocalDate
import java.time.LocalTime
import java.util.UUID

data class DraftHeader(
    val id: UUID,
    val userId: UUID,
    val accountId: UUID?,
    val currency: String?,
    val direction: Direction,
    val mode: Mode,
    val date: LocalDate?,
    val time: LocalTime?,
    val sellerId: UUID?,
    val sellerLocationId: UUID?,
    val note: String?,
    val createdAt: Instant,
    val updatedAt: Instant,
)

data class DraftItemRow(
    val id: UUID,
    val position: Int,
    val amount: BigDecimal,
    val quantity: BigDecimal,
    val description: String?,
    val brand: String?,
    val variation: String?,
    val categoryId: UUID?,
    val category: CategoryRef?,
    val isReduction: Boolean,
)

/** The per-user draft: one row keyed by user, its items, documents and item images. */
@Repository
class DraftRepository(private val db: DSLContext, private val writers: WriterLock, private val joined: JoinedWrites, private val statements: StatementShapes) {
    // the draft's nested parts are the same SQL for every draft and every read: rendered once
    private val items = db.prerendered(ITEMS)
    private val documents = db.prerendered(DOCUMENTS)

    /** The draft as clients see it, in one statement: the header with its items (category, photos) and documents nested. */
    fun view(userId: UUID): DraftView? = read(userId)?.toView()

    /**
     * The draft with all it holds, in one statement. Edits read it after taking the draft's lock with a
     * statement of its own ([DraftHeaders]): a read in the locking statement itself would not see
     * what an edit it waited for committed (its snapshot is older than the wait).
     */
    fun read(userId: UUID): DraftContent? =
        statements.fetch(Content, { v -> v[USER] = userId }, { s -> content(s[USER, DRAFT.USER_ID]) }) { it.toContent() }.firstOrNull()

    /** The one shape of [read]: rendered once ([StatementShapes]). */
    private data object Content : StatementShapes.Shape

    /**
     * [read] with more fields of the ledger's ([ShapedFields]) in the same statement, and the row they are in; with
     * [writes] in that statement too on PostgreSQL ([JoinedWrites.fetchBefore]), the draft as it was before them.
     * Rendered once per shape ([StatementShapes]).
     */
    internal fun read(userId: UUID, also: List<ShapedFields>, writes: DraftItemWrites? = null): Pair<DraftContent, Record>? =
        joined.fetchBefore(
            Joined(also.map { it.shape }, writes?.shape),
            { v -> v[USER] = userId; also.forEach { it.fill(v) }; writes?.fill(v) },
            { s -> s[USER, DRAFT.USER_ID].let { user -> content(user, also.flatMap { it.fields(user, s) }) } },
            { s -> writes?.build(db, s[USER, DRAFT_ITEM.USER_ID], s).orEmpty() },
        )?.let { it.toContent() to it }

    /** What the text of [read] with other fields depends on. */
    private data class Joined(val also: List<Any>, val writes: Any?) : StatementShapes.Shape

    /** The ids of the categories the draft's items have, as a subquery for the caller's statement. */
    fun itemCategoryIds(user: Field<UUID?>): Select<Record1<UUID?>> = DSL.select(DRAFT_ITEM.CATEGORY_ID).from(DRAFT_ITEM).where(DRAFT_ITEM.USER_ID.eq(user))

    private fun content(userId: Field<UUID?>, also: List<Field<*>> = emptyList()) =
        db.select(DRAFT.fields().toList() + listOf(ACCOUNT.CURRENCY, items, documents) + also).from(DRAFT)
            .leftJoin(ACCOUNT).on(ACCOUNT.ID.eq(DRAFT.ACCOUNT_ID))
            .where(DRAFT.USER_ID.eq(userId))

    private fun Record.toContent() = DraftContent(toDraftHeader(get(ACCOUNT.CURRENCY)), get(items), get(documents))

    /** One item as clients see it, given the draft's currency the caller already read. */
    fun itemView(userId: UUID, itemId: UUID, currency: String?): ItemView? =
        item(userId, itemId)?.toView(images(userId, itemId).map { it.toImageView() }, currency)

    fun delete(userId: UUID) {
        deleting(userId).execute()
    }

    /** [delete], not yet run (its items, images and documents go with it). */
    fun deleting(userId: UUID): Query = db.deleteFrom(DRAFT).where(DRAFT.USER_ID.eq(userId))

    /**
     * [find] with its lock, and the user's write lock ([WriterLock]) in the same statement; null when there is no
     * draft, and then nothing is locked. The draft's row is locked as strongly as the user's (on PostgreSQL
     * `FOR NO KEY UPDATE`, which every edit's lock or update of the draft waits for as it does for `FOR UPDATE`).
     */
    fun lockWithWriter(userId: UUID): DraftHeader? = writers.lockWith(
        userId,
        db.select(*DRAFT.fields(), ACCOUNT.CURRENCY).from(USERS)
            .join(DRAFT).on(DRAFT.USER_ID.eq(USERS.ID))
            .leftJoin(ACCOUNT).on(ACCOUNT.ID.eq(DRAFT.ACCOUNT_ID))
            .where(USERS.ID.eq(userId)),
        DRAFT,
    ) { it.toDraftHeader(it.get(ACCOUNT.CURRENCY)) }

    fun item(userId: UUID, id: UUID): DraftItemRow? =
        db.select(*DRAFT_ITEM.fields(), CategoryFields.REF).from(DRAFT_ITEM)
            .leftJoin(CATEGORY).on(CATEGORY.ID.eq(DRAFT_ITEM.CATEGORY_ID))
            .where(DRAFT_ITEM.USER_ID.eq(userId), DRAFT_ITEM.ID.eq(id))
            .fetchOne { it.toItem() }

    fun deleteItem(userId: UUID, id: UUID): Boolean =
        db.deleteFrom(DRAFT_ITEM).where(DRAFT_ITEM.USER_ID.eq(userId), DRAFT_ITEM.ID.eq(id)).execute() > 0

    /** The images of the draft's items, or of one item; [AttachmentRow.ownerId] is the item. */
    fun images(userId: UUID, itemId: UUID? = null): List<AttachmentRow> =
        db.select(*DRAFT_ITEM_IMAGE.fields(), STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES)
            .from(DRAFT_ITEM_IMAGE).join(STORED_FILE).on(STORED_FILE.ID.eq(DRAFT_ITEM_IMAGE.FILE_ID))
            .where(DRAFT_ITEM_IMAGE.USER_ID.eq(userId))
            .and(itemId?.let { DRAFT_ITEM_IMAGE.ITEM_ID.eq(it) } ?: DSL.noCondition())
            .orderBy(DRAFT_ITEM_IMAGE.CREATED_AT, DRAFT_ITEM_IMAGE.ID)
            .fetch { r -> r.into(DRAFT_ITEM_IMAGE).let { AttachmentRow.image(it.id, it.itemId, it.filename, it.fileId, r.into(STORED_FILE)) } }

    // The selects name the item's columns (not `draft_item.*`), so `into` finds each by identity (docs/performance.md).
    /** The item and, when it has one, its category. */
    private fun Record.toItem() = into(DRAFT_ITEM).let { i ->
        DraftItemRow(i.id, i.position, i.amount, i.quantity, i.description, i.brand, i.variation, i.categoryId, get(CategoryFields.REF), i.isReduction)
    }

    private companion object {
        const val USER = "user"
    }
}

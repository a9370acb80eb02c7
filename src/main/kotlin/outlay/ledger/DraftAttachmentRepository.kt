package outlay.ledger

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

/** The draft's documents and its items' images: added under the draft's lock with their limits checked in the insert. */
@Repository
class DraftAttachmentRepository(private val db: DSLContext) {
    fun documentIdForFile(userId: UUID, fileId: UUID): UUID? =
        db.selectFrom(DRAFT_DOCUMENT)
            .where(DRAFT_DOCUMENT.USER_ID.eq(userId), DRAFT_DOCUMENT.FILE_ID.eq(fileId)).fetchOne { it.id }

    /**
     * Adds a document to the draft unless it has [max] already or has this file: true when it did, false when nothing
     * was written (the caller, holding the draft's lock, finds out which). The checks are the insert's own `WHERE`.
     */
    fun insertDocument(userId: UUID, id: UUID, fileId: UUID, kind: DocumentKind, filename: String?, at: Instant, max: Int): Boolean {
        val d = DRAFT_DOCUMENT
        val others = DRAFT_DOCUMENT.`as`("others")
        return db.insertInto(d, d.ID, d.USER_ID, d.FILE_ID, d.KIND, d.FILENAME, d.CREATED_AT)
            .select(
                DSL.select(DSL.`val`(id, d.ID), DRAFT.USER_ID, DSL.`val`(fileId, d.FILE_ID), DSL.`val`(kind, d.KIND), DSL.`val`(filename, d.FILENAME), DSL.`val`(at.atOffset(ZoneOffset.UTC), d.CREATED_AT))
                    .from(DRAFT)
                    .where(DRAFT.USER_ID.eq(userId))
                    .andNotExists(DSL.selectOne().from(others).where(others.USER_ID.eq(userId), others.FILE_ID.eq(fileId)))
                    .and(DSL.field(DSL.selectCount().from(others).where(others.USER_ID.eq(userId))).lt(max)),
            )
            .execute() == 1
    }

    fun deleteDocument(userId: UUID, id: UUID): Boolean =
        db.deleteFrom(DRAFT_DOCUMENT).where(DRAFT_DOCUMENT.USER_ID.eq(userId), DRAFT_DOCUMENT.ID.eq(id)).execute() > 0

    fun imageIdForFile(userId: UUID, itemId: UUID, fileId: UUID): UUID? =
        db.selectFrom(DRAFT_ITEM_IMAGE)
            .where(DRAFT_ITEM_IMAGE.USER_ID.eq(userId), DRAFT_ITEM_IMAGE.ITEM_ID.eq(itemId), DRAFT_ITEM_IMAGE.FILE_ID.eq(fileId))
            .fetchOne { it.id }

    /** Adds an image to the item unless it has [max] already or has this file: true when it did ([insertDocument]'s way). */
    fun insertImage(userId: UUID, id: UUID, itemId: UUID, fileId: UUID, filename: String?, at: Instant, max: Int): Boolean {
        val m = DRAFT_ITEM_IMAGE
        val others = DRAFT_ITEM_IMAGE.`as`("others")
        return db.insertInto(m, m.ID, m.USER_ID, m.ITEM_ID, m.FILE_ID, m.FILENAME, m.CREATED_AT)
            .select(
                DSL.select(DSL.`val`(id, m.ID), DRAFT_ITEM.USER_ID, DRAFT_ITEM.ID, DSL.`val`(fileId, m.FILE_ID), DSL.`val`(filename, m.FILENAME), DSL.`val`(at.atOffset(ZoneOffset.UTC), m.CREATED_AT))
                    .from(DRAFT_ITEM)
                    .where(DRAFT_ITEM.USER_ID.eq(userId), DRAFT_ITEM.ID.eq(itemId))
                    .andNotExists(DSL.selectOne().from(others).where(others.USER_ID.eq(userId), others.ITEM_ID.eq(itemId), others.FILE_ID.eq(fileId)))
                    .and(DSL.field(DSL.selectCount().from(others).where(others.USER_ID.eq(userId), others.ITEM_ID.eq(itemId))).lt(max)),
            )
            .execute() == 1
    }

    fun deleteImage(userId: UUID, itemId: UUID, id: UUID): Boolean =
        db.deleteFrom(DRAFT_ITEM_IMAGE)
            .where(DRAFT_ITEM_IMAGE.USER_ID.eq(userId), DRAFT_ITEM_IMAGE.ITEM_ID.eq(itemId), DRAFT_ITEM_IMAGE.ID.eq(id)).execute() > 0
}

package outlay.ledger

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.documents.FileClaim
import outlay.documents.StoredFile
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

/** The draft's documents and its items' images: added under the draft's lock with their limits checked in the insert. */
@Repository
class DraftAttachmentRepository(private val db: DSLContext, private val joined: JoinedWrites) {
    fun documentIdForFile(userId: UUID, fileId: UUID): UUID? =
        db.selectFrom(DRAFT_DOCUMENT)
            .where(DRAFT_DOCUMENT.USER_ID.eq(userId), DRAFT_DOCUMENT.FILE_ID.eq(fileId)).fetchOne { it.id }

    /**
     * Claims the file ([FileClaim]) and adds it to the draft as a document unless the draft has [max] already or has
     * this file: the file, and whether the document was added (if not, the caller, holding the draft's lock, finds out
     * why). The checks are the insert's own `WHERE`; on PostgreSQL claim and insert are one statement ([JoinedWrites.chained]).
     */
    fun addDocument(userId: UUID, claim: FileClaim, id: UUID, kind: DocumentKind, filename: String?, at: Instant, max: Int): Pair<StoredFile, Boolean> {
        val d = DRAFT_DOCUMENT
        val others = DRAFT_DOCUMENT.`as`("others")
        val (row, added) = joined.chained(claim.query, claim.id) { fileId ->
            db.insertInto(d, d.ID, d.USER_ID, d.FILE_ID, d.KIND, d.FILENAME, d.CREATED_AT)
                .select(
                    DSL.select(DSL.`val`(id, d.ID), DRAFT.USER_ID, fileId, DSL.`val`(kind, d.KIND), DSL.`val`(filename, d.FILENAME), DSL.`val`(at.atOffset(ZoneOffset.UTC), d.CREATED_AT))
                        .from(DRAFT)
                        .where(DRAFT.USER_ID.eq(userId))
                        .andNotExists(DSL.selectOne().from(others).where(others.USER_ID.eq(userId), others.FILE_ID.eq(fileId)))
                        .and(DSL.field(DSL.selectCount().from(others).where(others.USER_ID.eq(userId))).lt(max)),
                )
                .returning(d.ID)
        }
        return claim.file(row) to added
    }

    fun deleteDocument(userId: UUID, id: UUID): Boolean =
        db.deleteFrom(DRAFT_DOCUMENT).where(DRAFT_DOCUMENT.USER_ID.eq(userId), DRAFT_DOCUMENT.ID.eq(id)).execute() > 0

    fun imageIdForFile(userId: UUID, itemId: UUID, fileId: UUID): UUID? =
        db.selectFrom(DRAFT_ITEM_IMAGE)
            .where(DRAFT_ITEM_IMAGE.USER_ID.eq(userId), DRAFT_ITEM_IMAGE.ITEM_ID.eq(itemId), DRAFT_ITEM_IMAGE.FILE_ID.eq(fileId))
            .fetchOne { it.id }

    /** Claims the file and adds it to the item as an image unless the item has [max] already or has this file ([addDocument]'s way). */
    fun addImage(userId: UUID, claim: FileClaim, id: UUID, itemId: UUID, filename: String?, at: Instant, max: Int): Pair<StoredFile, Boolean> {
        val m = DRAFT_ITEM_IMAGE
        val others = DRAFT_ITEM_IMAGE.`as`("others")
        val (row, added) = joined.chained(claim.query, claim.id) { fileId ->
            db.insertInto(m, m.ID, m.USER_ID, m.ITEM_ID, m.FILE_ID, m.FILENAME, m.CREATED_AT)
                .select(
                    DSL.select(DSL.`val`(id, m.ID), DRAFT_ITEM.USER_ID, DRAFT_ITEM.ID, fileId, DSL.`val`(filename, m.FILENAME), DSL.`val`(at.atOffset(ZoneOffset.UTC), m.CREATED_AT))
                        .from(DRAFT_ITEM)
                        .where(DRAFT_ITEM.USER_ID.eq(userId), DRAFT_ITEM.ID.eq(itemId))
                        .andNotExists(DSL.selectOne().from(others).where(others.USER_ID.eq(userId), others.ITEM_ID.eq(itemId), others.FILE_ID.eq(fileId)))
                        .and(DSL.field(DSL.selectCount().from(others).where(others.USER_ID.eq(userId), others.ITEM_ID.eq(itemId))).lt(max)),
                )
                .returning(m.ID)
        }
        return claim.file(row) to added
    }

    fun deleteImage(userId: UUID, itemId: UUID, id: UUID): Boolean =
        db.deleteFrom(DRAFT_ITEM_IMAGE)
            .where(DRAFT_ITEM_IMAGE.USER_ID.eq(userId), DRAFT_ITEM_IMAGE.ITEM_ID.eq(itemId), DRAFT_ITEM_IMAGE.ID.eq(id)).execute() > 0
}

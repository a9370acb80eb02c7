package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.ResultQuery
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.documents.FileClaim
import outlay.documents.StoredFile
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import outlay.platform.StatementShapes
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
     * why). The checks are the insert's own `WHERE`; on PostgreSQL claim and insert are one statement
     * ([JoinedWrites.chained]), rendered once per shape.
     */
    fun addDocument(userId: UUID, claim: FileClaim, id: UUID, kind: DocumentKind, filename: String?, at: Instant, max: Int): Pair<StoredFile, Boolean> {
        val d = DRAFT_DOCUMENT
        val others = DRAFT_DOCUMENT.`as`("others")
        return claimed(Added(DOCUMENT, max), claim, { v -> v[USER] = userId; v[ID] = id; v[KIND] = kind; v[FILENAME] = filename; v[AT] = at.atOffset(ZoneOffset.UTC) }) { s, fileId ->
            val user = s[USER, d.USER_ID]
            db.insertInto(d, d.ID, d.USER_ID, d.FILE_ID, d.KIND, d.FILENAME, d.CREATED_AT)
                .select(
                    DSL.select(s[ID, d.ID], DRAFT.USER_ID, fileId, s[KIND, d.KIND], s[FILENAME, d.FILENAME], s[AT, d.CREATED_AT])
                        .from(DRAFT)
                        .where(DRAFT.USER_ID.eq(user))
                        .andNotExists(DSL.selectOne().from(others).where(others.USER_ID.eq(user), others.FILE_ID.eq(fileId)))
                        .and(DSL.field(DSL.selectCount().from(others).where(others.USER_ID.eq(user))).lt(DSL.inline(max))),
                )
                .returning(d.ID)
        }
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
        return claimed(Added(IMAGE, max), claim, { v -> v[USER] = userId; v[ID] = id; v[ITEM] = itemId; v[FILENAME] = filename; v[AT] = at.atOffset(ZoneOffset.UTC) }) { s, fileId ->
            val user = s[USER, m.USER_ID]
            val item = s[ITEM, m.ITEM_ID]
            db.insertInto(m, m.ID, m.USER_ID, m.ITEM_ID, m.FILE_ID, m.FILENAME, m.CREATED_AT)
                .select(
                    DSL.select(s[ID, m.ID], DRAFT_ITEM.USER_ID, DRAFT_ITEM.ID, fileId, s[FILENAME, m.FILENAME], s[AT, m.CREATED_AT])
                        .from(DRAFT_ITEM)
                        .where(DRAFT_ITEM.USER_ID.eq(user), DRAFT_ITEM.ID.eq(item))
                        .andNotExists(DSL.selectOne().from(others).where(others.USER_ID.eq(user), others.ITEM_ID.eq(item), others.FILE_ID.eq(fileId)))
                        .and(DSL.field(DSL.selectCount().from(others).where(others.USER_ID.eq(user), others.ITEM_ID.eq(item))).lt(DSL.inline(max))),
                )
                .returning(m.ID)
        }
    }

    fun deleteImage(userId: UUID, itemId: UUID, id: UUID): Boolean =
        db.deleteFrom(DRAFT_ITEM_IMAGE)
            .where(DRAFT_ITEM_IMAGE.USER_ID.eq(userId), DRAFT_ITEM_IMAGE.ITEM_ID.eq(itemId), DRAFT_ITEM_IMAGE.ID.eq(id)).execute() > 0

    /** The file [claim] claims, and whether [insert] (which takes the file's id) added its link: one statement on PostgreSQL. */
    private fun claimed(
        shape: Added, claim: FileClaim, fill: (StatementShapes.Values) -> Unit, insert: (StatementShapes.Slots, Field<UUID?>) -> ResultQuery<*>,
    ): Pair<StoredFile, Boolean> {
        val (row, added) = joined.chained(shape, { v -> claim.fill(v); fill(v) }, claim::query, claim.id, insert)
        return claim.file(row) to added
    }

    /** What the text of an attachment's claim and insert depends on: which attachment, and its limit (inlined). */
    private data class Added(val attachment: String, val max: Int) : StatementShapes.Shape

    private companion object {
        const val DOCUMENT = "document"
        const val IMAGE = "image"

        // the values' names
        const val USER = "user"
        const val ID = "id"
        const val ITEM = "item"
        const val KIND = "kind"
        const val FILENAME = "filename"
        const val AT = "at"
    }
}

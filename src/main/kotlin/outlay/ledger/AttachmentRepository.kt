package outlay.ledger

import org.jooq.DSLContext
import org.springframework.stereotype.Repository
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.STORED_FILE
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import outlay.db.tables.references.TRANSACTION_ITEM
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

/** The documents and item images of saved transactions (the draft's live in [DraftRepository]). */
@Repository
class AttachmentRepository(private val db: DSLContext) {

    fun documents(userId: UUID, transactionId: UUID): List<AttachmentRow> =
        db.select(*TRANSACTION_DOCUMENT.fields(), STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES)
            .from(TRANSACTION_DOCUMENT).join(STORED_FILE).on(STORED_FILE.ID.eq(TRANSACTION_DOCUMENT.FILE_ID))
            .where(TRANSACTION_DOCUMENT.USER_ID.eq(userId), TRANSACTION_DOCUMENT.TRANSACTION_ID.eq(transactionId))
            .orderBy(TRANSACTION_DOCUMENT.CREATED_AT, TRANSACTION_DOCUMENT.ID)
            .fetch { r -> r.into(TRANSACTION_DOCUMENT).let { AttachmentRow.document(it.id, it.transactionId, it.kind, it.filename, it.fileId, r.into(STORED_FILE)) } }

    fun insertDocument(userId: UUID, transactionId: UUID, id: UUID, fileId: UUID, kind: DocumentKind, filename: String?, at: Instant) {
        db.newRecord(TRANSACTION_DOCUMENT).apply {
            this.id = id; this.userId = userId; this.transactionId = transactionId; this.fileId = fileId; this.kind = kind
            this.filename = filename; createdAt = at.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    fun deleteDocument(userId: UUID, transactionId: UUID, id: UUID): Boolean =
        db.deleteFrom(TRANSACTION_DOCUMENT)
            .where(TRANSACTION_DOCUMENT.USER_ID.eq(userId), TRANSACTION_DOCUMENT.TRANSACTION_ID.eq(transactionId), TRANSACTION_DOCUMENT.ID.eq(id))
            .execute() > 0

    fun itemExists(userId: UUID, transactionId: UUID, itemId: UUID): Boolean = db.fetchExists(
        TRANSACTION_ITEM,
        TRANSACTION_ITEM.USER_ID.eq(userId).and(TRANSACTION_ITEM.TRANSACTION_ID.eq(transactionId)).and(TRANSACTION_ITEM.ID.eq(itemId)),
    )

    fun images(userId: UUID, itemId: UUID): List<AttachmentRow> =
        db.select(*ITEM_IMAGE.fields(), STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES)
            .from(ITEM_IMAGE).join(STORED_FILE).on(STORED_FILE.ID.eq(ITEM_IMAGE.FILE_ID))
            .where(ITEM_IMAGE.USER_ID.eq(userId), ITEM_IMAGE.ITEM_ID.eq(itemId))
            .orderBy(ITEM_IMAGE.CREATED_AT, ITEM_IMAGE.ID)
            .fetch { r -> r.into(ITEM_IMAGE).let { AttachmentRow.image(it.id, it.itemId, it.filename, it.fileId, r.into(STORED_FILE)) } }

    fun insertImage(userId: UUID, transactionId: UUID, itemId: UUID, id: UUID, fileId: UUID, filename: String?, at: Instant) {
        db.newRecord(ITEM_IMAGE).apply {
            this.id = id; this.userId = userId; this.transactionId = transactionId; this.itemId = itemId; this.fileId = fileId
            this.filename = filename; createdAt = at.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    fun deleteImage(userId: UUID, transactionId: UUID, itemId: UUID, id: UUID): Boolean =
        db.deleteFrom(ITEM_IMAGE)
            .where(ITEM_IMAGE.USER_ID.eq(userId), ITEM_IMAGE.TRANSACTION_ID.eq(transactionId), ITEM_IMAGE.ITEM_ID.eq(itemId), ITEM_IMAGE.ID.eq(id))
            .execute() > 0

    /** A change of attachments is a change of the transaction: its `updatedAt` moves. */
    fun touch(userId: UUID, transactionId: UUID, at: Instant) {
        db.update(TRANSACTIONS).set(TRANSACTIONS.UPDATED_AT, at.atOffset(ZoneOffset.UTC))
            .where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.ID.eq(transactionId)).execute()
    }
}

package outlay.ledger

import outlay.db.tables.records.StoredFileRecord
import java.util.UUID

/**
 * A document or item image with the size and type of its file, as drafts and transactions show
 * it; [ownerId] is the transaction (documents) or the item (images), [kind] is set for documents.
 */
data class AttachmentRow(
    val id: UUID, val ownerId: UUID, val kind: DocumentKind?, val filename: String?, val mediaType: String, val sizeBytes: Long, val fileId: UUID,
) {
    fun toDocumentView() = DocumentView(id, kind ?: DocumentKind.OTHER, mediaType, sizeBytes, filename, "/documents/$id")

    fun toImageView() = FileView.image(id, mediaType, sizeBytes, filename)

    companion object {
        fun document(id: UUID, ownerId: UUID, kind: DocumentKind, filename: String?, fileId: UUID, file: StoredFileRecord) =
            AttachmentRow(id, ownerId, kind, filename, file.mediaType, file.sizeBytes, fileId)

        fun image(id: UUID, itemId: UUID, filename: String?, fileId: UUID, file: StoredFileRecord) =
            AttachmentRow(id, itemId, null, filename, file.mediaType, file.sizeBytes, fileId)
    }
}

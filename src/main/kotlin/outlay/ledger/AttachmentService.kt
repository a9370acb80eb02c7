package outlay.ledger

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import org.springframework.web.multipart.MultipartFile
import outlay.documents.FileService
import outlay.documents.FileKind
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.ValidationException
import java.time.Clock
import java.util.UUID

/**
 * Receipts and item photos added to or removed from a saved transaction, with the draft's rules:
 * accepted types by content, the same file twice is one attachment, at most 10 documents per
 * transaction and 10 images per item. Attachments carry no money, so the monthly totals are untouched.
 */
@Service
class AttachmentService(
    private val attachments: AttachmentRepository,
    private val transactions: TransactionRepository,
    private val files: FileService,
    private val clock: Clock,
) {
    @Transactional
    fun addDocument(userId: UUID, transactionId: UUID, upload: MultipartFile, kind: String): Added<DocumentView> {
        val documentKind = DocumentKind.of(kind) ?: throw ValidationException("kind", "must be one of receipt, invoice, bank_statement, other")
        lock(userId, transactionId)
        return files.receive(upload, FileKind.DOCUMENT).use { received ->
            val existing = attachments.documents(userId, transactionId)
            val stored = files.existing(userId, received)
            stored?.let { file -> existing.firstOrNull { it.fileId == file.id } }?.let { return Added(it.toDocumentView(), false) }
            if (existing.size >= DraftService.MAX_DOCUMENTS) throw DraftService.limit("A transaction has at most ${DraftService.MAX_DOCUMENTS} documents.")
            val file = files.persist(userId, received, stored)
            val id = Ids.next()
            attachments.insertDocument(userId, transactionId, id, file.id, documentKind, DraftService.cleanName(upload.originalFilename), clock.instant())
            attachments.touch(userId, transactionId, clock.instant())
            Added(attachments.documents(userId, transactionId).first { it.id == id }.toDocumentView(), true)
        }
    }

    @Transactional
    fun deleteDocument(userId: UUID, transactionId: UUID, id: UUID) {
        lock(userId, transactionId)
        if (!attachments.deleteDocument(userId, transactionId, id)) throw NotFoundException("Document not found on this transaction.")
        attachments.touch(userId, transactionId, clock.instant())
    }

    @Transactional
    fun addImage(userId: UUID, transactionId: UUID, itemId: UUID, upload: MultipartFile): Added<FileView> {
        lock(userId, transactionId)
        if (!attachments.itemExists(userId, transactionId, itemId)) throw NotFoundException("Item not found on this transaction.")
        return files.receive(upload, FileKind.IMAGE).use { received ->
            val existing = attachments.images(userId, itemId)
            val stored = files.existing(userId, received)
            stored?.let { file -> existing.firstOrNull { it.fileId == file.id } }?.let { return Added(it.toImageView(), false) }
            if (existing.size >= DraftService.MAX_IMAGES) throw DraftService.limit("An item has at most ${DraftService.MAX_IMAGES} images.")
            val file = files.persist(userId, received, stored)
            val id = Ids.next()
            attachments.insertImage(userId, transactionId, itemId, id, file.id, DraftService.cleanName(upload.originalFilename), clock.instant())
            attachments.touch(userId, transactionId, clock.instant())
            Added(attachments.images(userId, itemId).first { it.id == id }.toImageView(), true)
        }
    }

    @Transactional
    fun deleteImage(userId: UUID, transactionId: UUID, itemId: UUID, id: UUID) {
        lock(userId, transactionId)
        if (!attachments.deleteImage(userId, transactionId, itemId, id)) throw NotFoundException("Image not found on this item.")
        attachments.touch(userId, transactionId, clock.instant())
    }

    private fun lock(userId: UUID, transactionId: UUID) {
        transactions.lock(userId, transactionId) ?: throw NotFoundException("Transaction not found.")
    }
}

/** An attachment and whether this request added it (false: the same file was already there). */
data class Added<T : Any>(val attachment: T, val created: Boolean)

package outlay.documents

import java.util.UUID

/**
 * The links to stored files: documents and item images. Declared here and answered by the
 * ledger, which owns the link tables, so documents keeps the bytes, the sweep and the downloads
 * without naming a ledger table, and the dependency points from the ledger to documents only.
 */
interface FileLinks {
    /** Of [fileIds], those a document or image (saved or in a draft) links to. */
    fun referencedFileIds(fileIds: Collection<UUID>): Set<UUID>

    /** The caller's document (saved or in the draft) with this link id, with its file. */
    fun document(userId: UUID, id: UUID): FileLink?

    /** The caller's item image (saved or in the draft) with this link id, with its file. */
    fun image(userId: UUID, id: UUID): FileLink?
}

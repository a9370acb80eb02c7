package outlay.observability

import outlay.documents.FileStore
import outlay.documents.StoredObject
import java.io.InputStream
import java.nio.file.Path
import java.util.UUID

/** A span per file-store operation, named `file-store <operation>` and tagged with the object's key. */
class TracedFileStore(private val delegate: FileStore, private val spans: Spans) : FileStore {
    override fun put(key: String, source: Path) = traced("put", key) { delegate.put(key, source) }

    override fun open(key: String): InputStream? = traced("open", key) { delegate.open(key) }

    override fun delete(key: String) = traced("delete", key) { delegate.delete(key) }

    override fun deleteAll(userId: UUID) = traced("delete-all", userId.toString()) { delegate.deleteAll(userId) }

    // the listing is lazy; its span covers producing the sequence, which the filesystem store does eagerly
    override fun list(): Sequence<StoredObject> = traced("list", null) { delegate.list() }

    override fun newTempFile(): Path = delegate.newTempFile()

    private fun <T> traced(operation: String, key: String?, block: () -> T): T =
        spans.within("file-store $operation") { span ->
            if (key != null) span?.tag("outlay.file.key", key)
            block()
        }
}

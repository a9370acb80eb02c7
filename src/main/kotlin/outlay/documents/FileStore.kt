package outlay.documents

import java.io.InputStream
import java.nio.file.Path
import java.time.Instant

/** An object in the store: its key and when it was last written. */
data class StoredObject(val key: String, val modifiedAt: Instant)

/**
 * Where uploaded bytes live. Keys are content-addressed (`<user>/<sha256>`), so writing the
 * same key twice writes the same bytes. The filesystem store is the default; an
 * S3-compatible one can implement the same four operations.
 */
interface FileStore {
    /** Moves [source] (a temporary file this store handed out) to [key], atomically, replacing any object there. */
    fun put(key: String, source: Path)

    /** The object's bytes, or null when absent. */
    fun open(key: String): InputStream?

    fun delete(key: String)

    /** Every object of one user (the user left). */
    fun deleteAll(userId: java.util.UUID)

    /** Every stored object; for the sweep that removes objects no row refers to. */
    fun list(): Sequence<StoredObject>

    /** A fresh temporary file on the same volume as the store, so [put] can be a rename. */
    fun newTempFile(): Path
}

package outlay.documents

import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.web.multipart.MultipartFile
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.platform.ProblemType
import java.io.IOException
import outlay.platform.ValidationException
import java.nio.file.Files
import java.nio.file.Path
import java.security.DigestOutputStream
import java.security.MessageDigest
import java.time.Clock
import java.util.HexFormat
import java.util.UUID

/** The file store's volume is full: nothing was stored, other requests go on. */
class StorageFullException : ApiException(
    HttpStatus.INSUFFICIENT_STORAGE, ProblemType.STORAGE_FULL, "The server has no room to store this file; nothing was stored.",
)

/** An upload received into a temporary file: hashed, sized and typed, not yet stored. Close it to clean up. */
class ReceivedFile(val temp: Path, val sha256: String, val sizeBytes: Long, val mediaType: String) : AutoCloseable {
    override fun close() {
        Files.deleteIfExists(temp)
    }
}

/**
 * Uploads in two steps, so callers can check limits and duplicates before anything is stored:
 * [receive] validates into a temporary file; [persist] (inside the caller's database
 * transaction) locks or creates the file's row and only then places the bytes, so it never
 * races the sweep in [FileJanitor]. If that transaction rolls back, the bytes stay without a
 * row, nothing points to them, and the sweep removes them.
 */
@Service
class FileService(private val store: FileStore, private val files: StoredFileRepository, private val clock: Clock) {

    fun receive(upload: MultipartFile, kind: FileKind): ReceivedFile {
        val accepted = kind.mediaTypes
        val temp = try {
            store.newTempFile()
        } catch (e: IOException) {
            throw if (outOfSpace(e)) StorageFullException() else e
        }
        try {
            val digest = MessageDigest.getInstance("SHA-256")
            val size = upload.inputStream.use { input ->
                DigestOutputStream(Files.newOutputStream(temp), digest).use { out -> input.transferTo(out) }
            }
            if (size == 0L) throw ValidationException("file", "the file is empty")
            val head = Files.newInputStream(temp).use { it.readNBytes(FileTypes.HEAD_SIZE) }
            val mediaType = FileTypes.detect(head)
            if (mediaType == null || mediaType !in accepted) {
                throw ApiException(
                    HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemType.UNSUPPORTED_FILE_TYPE,
                    "The file is not one of: ${accepted.joinToString()} (recognised from its content).",
                )
            }
            return ReceivedFile(temp, HexFormat.of().formatHex(digest.digest()), size, mediaType)
        } catch (e: Exception) {
            Files.deleteIfExists(temp) // a half-written file never stays behind
            throw if (e is IOException && outOfSpace(e)) StorageFullException() else e
        }
    }

    /**
     * The caller's stored file with this content, if any (for de-duplication before limits), locked
     * until the caller's database transaction ends: the sweep cannot remove it before [persist].
     */
    fun existing(userId: UUID, received: ReceivedFile): StoredFile? = files.findForUpdate(userId, received.sha256)

    /**
     * [existing] is what [FileService.existing] returned in the same database transaction: its row is
     * locked already, or there was none and one is made. Placing the bytes is a rename on the same
     * volume, which needs no room; creating a directory may.
     */
    fun persist(userId: UUID, received: ReceivedFile, existing: StoredFile?): StoredFile {
        val file = existing
            ?: StoredFile(Ids.next(), userId, received.sha256, received.sizeBytes, received.mediaType).also { files.insert(it, clock.instant()) }
        place(file, received)
        return file
    }

    /**
     * [existing] and, when there is none, the row [persist] would make, in one statement not yet run: the caller's stored
     * file with this content, locked until the caller's database transaction ends. The caller runs it, alone or with a
     * write of its own that takes the file's id. The bytes are not placed yet: that is [place], once the caller knows it
     * keeps the file (if it does not, its transaction rolls a new row back).
     */
    fun claiming(userId: UUID, received: ReceivedFile): FileClaim =
        files.claiming(StoredFile(Ids.next(), userId, received.sha256, received.sizeBytes, received.mediaType), clock.instant())

    /** Places the bytes of a file claimed ([claiming]) (or made by [persist]) in the same database transaction. */
    fun place(file: StoredFile, received: ReceivedFile) {
        try {
            store.put(file.key, received.temp) // same key, same bytes: replacing also refreshes the sweep's clock
        } catch (e: IOException) {
            throw if (outOfSpace(e)) StorageFullException() else e // the caller's transaction rolls back the row
        }
    }

    private fun outOfSpace(e: IOException): Boolean =
        generateSequence(e as Throwable) { it.cause }.any { t -> OUT_OF_SPACE.any { t.message?.contains(it, ignoreCase = true) == true } }

    private companion object {
        /** The operating system's words for ENOSPC and EDQUOT (Java reports them only as text). */
        val OUT_OF_SPACE = listOf("No space left on device", "Disk quota exceeded", "There is not enough space on the disk")
    }
}

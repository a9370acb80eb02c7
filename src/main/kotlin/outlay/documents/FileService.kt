package outlay.documents

import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.web.multipart.MultipartFile
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.platform.ProblemType
import java.nio.file.Files
import java.security.DigestOutputStream
import java.security.MessageDigest
import java.time.Clock
import java.util.HexFormat
import java.util.UUID

/**
 * Stores uploads, deduplicated per user by SHA-256. Runs inside the caller's database
 * transaction: it locks (or creates) the file's row before placing the bytes, so it never
 * races the sweep in [FileJanitor]. If that transaction rolls back, the bytes stay behind
 * without a row, nothing points to them, and the sweep removes them.
 */
@Service
class FileService(private val store: FileStore, private val files: StoredFileRepository, private val clock: Clock) {

    fun store(userId: UUID, upload: MultipartFile, accepted: Set<String>): StoredFile {
        val temp = store.newTempFile()
        try {
            val digest = MessageDigest.getInstance("SHA-256")
            val size = upload.inputStream.use { input ->
                DigestOutputStream(Files.newOutputStream(temp), digest).use { out -> input.transferTo(out) }
            }
            val head = Files.newInputStream(temp).use { it.readNBytes(FileTypes.HEAD_SIZE) }
            val mediaType = FileTypes.detect(head)
            if (mediaType == null || mediaType !in accepted) {
                throw ApiException(
                    HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemType.UNSUPPORTED_FILE_TYPE,
                    "The file is not one of: ${accepted.joinToString()} (recognised from its content).",
                )
            }
            val sha256 = HexFormat.of().formatHex(digest.digest())
            val file = files.findForUpdate(userId, sha256)
                ?: StoredFile(Ids.next(), userId, sha256, size, mediaType).also { files.insert(it, clock.instant()) }
            store.put(file.key, temp) // same key, same bytes: replacing also refreshes the sweep's clock
            return file
        } finally {
            Files.deleteIfExists(temp)
        }
    }
}

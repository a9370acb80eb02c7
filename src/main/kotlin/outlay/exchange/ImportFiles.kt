package outlay.exchange

import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component
import java.io.InputStream
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.util.UUID

/**
 * Uploaded import files between preview and confirmation, under `<data-dir>/imports/<user>/<id>`.
 * They are read again for every preview and for the import itself, always as a stream.
 */
@Component
class ImportFiles(@Value("\${outlay.data-dir}") dataDir: Path) {
    private val root: Path = dataDir.resolve("imports").toAbsolutePath().normalize()

    /** Copies [input] to the upload's place (through a temporary file, so a reader never sees half of it); returns its size. */
    fun save(userId: UUID, id: UUID, input: InputStream): Long {
        val target = path(userId, id)
        Files.createDirectories(target.parent)
        val staged = Files.createTempFile(target.parent, ".upload", ".tmp")
        try {
            val size = input.use { Files.copy(it, staged, StandardCopyOption.REPLACE_EXISTING) }
            Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
            return size
        } finally {
            Files.deleteIfExists(staged)
        }
    }

    fun open(userId: UUID, id: UUID): InputStream? = path(userId, id).takeIf { Files.exists(it) }?.let { Files.newInputStream(it) }

    fun delete(userId: UUID, id: UUID) {
        Files.deleteIfExists(path(userId, id))
    }

    /** Every pending upload of a user (when the user leaves). */
    fun deleteAll(userId: UUID) {
        root.resolve(userId.toString()).toFile().deleteRecursively()
    }

    private fun path(userId: UUID, id: UUID): Path = root.resolve(userId.toString()).resolve(id.toString())
}

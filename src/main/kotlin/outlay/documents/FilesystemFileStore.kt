package outlay.documents

import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component
import java.io.InputStream
import java.nio.file.AtomicMoveNotSupportedException
import java.nio.file.Files
import java.nio.file.NoSuchFileException
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import kotlin.io.path.isRegularFile
import kotlin.streams.asSequence

/** Files under `<data-dir>/files/<user>/<first two hex digits>/<sha256>`; writes are temp-file-then-rename. */
@Component
class FilesystemFileStore(@Value("\${outlay.data-dir}") dataDir: Path) : FileStore {
    private val root: Path = dataDir.resolve("files").toAbsolutePath().normalize()
    private val tmp: Path = root.resolve(".tmp")

    init {
        Files.createDirectories(tmp)
    }

    override fun put(key: String, source: Path) {
        val target = path(key)
        Files.createDirectories(target.parent)
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        } catch (e: AtomicMoveNotSupportedException) {
            // different volume: copy beside the target, then rename there
            val staged = Files.createTempFile(target.parent, ".put", ".tmp")
            Files.copy(source, staged, StandardCopyOption.REPLACE_EXISTING)
            Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
            Files.deleteIfExists(source)
        }
    }

    override fun open(key: String): InputStream? = try {
        Files.newInputStream(path(key))
    } catch (e: NoSuchFileException) {
        null
    }

    override fun delete(key: String) {
        Files.deleteIfExists(path(key))
    }

    override fun deleteAll(userId: java.util.UUID) {
        root.resolve(userId.toString()).toFile().deleteRecursively()
    }

    override fun list(): Sequence<StoredObject> {
        val files = Files.walk(root).use { stream ->
            stream.asSequence().filter { it.isRegularFile() && !it.startsWith(tmp) }.toList()
        }
        return files.asSequence().mapNotNull { file ->
            val relative = root.relativize(file)
            if (relative.nameCount != 3) return@mapNotNull null
            val modified = runCatching { Files.getLastModifiedTime(file).toInstant() }.getOrNull() ?: return@mapNotNull null
            StoredObject("${relative.getName(0)}/${relative.getName(2)}", modified)
        }
    }

    override fun newTempFile(): Path = Files.createTempFile(tmp, "upload", ".tmp")

    private fun path(key: String): Path {
        val (user, sha) = key.split('/').also { require(it.size == 2) { "bad key" } }
        require(user.matches(SAFE) && sha.matches(SAFE)) { "bad key" }
        return root.resolve(user).resolve(sha.take(2)).resolve(sha)
    }

    private companion object {
        val SAFE = Regex("[0-9a-f-]{8,64}")
    }
}

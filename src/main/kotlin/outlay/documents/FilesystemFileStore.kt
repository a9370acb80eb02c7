package outlay.documents

import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component
import java.io.IOException
import java.io.InputStream
import java.nio.channels.FileChannel
import java.nio.file.AtomicMoveNotSupportedException
import java.nio.file.Files
import java.nio.file.NoSuchFileException
import java.nio.file.Path
import java.nio.file.StandardCopyOption
import java.nio.file.StandardOpenOption
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

    /**
     * The bytes and their name are on disk when this returns: the row that names the file commits after it (on
     * PostgreSQL, durably), and a power loss must not leave that row pointing at an empty or missing file.
     */
    override fun put(key: String, source: Path) {
        val target = path(key)
        // a look first: on an existing folder createDirectories fails to create it, and throws and catches an exception
        if (!Files.isDirectory(target.parent)) {
            Files.createDirectories(target.parent)
            // a new folder is an entry of its parent: <user>/<xx> in <user>, <user> in the root
            forceFolder(target.parent.parent)
            forceFolder(root)
        }
        try {
            force(source)
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        } catch (e: AtomicMoveNotSupportedException) {
            // different volume: copy beside the target, then rename there
            val staged = Files.createTempFile(target.parent, ".put", ".tmp")
            Files.copy(source, staged, StandardCopyOption.REPLACE_EXISTING)
            force(staged)
            Files.move(staged, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
            Files.deleteIfExists(source)
        }
        forceFolder(target.parent)
    }

    private fun force(file: Path) = FileChannel.open(file, StandardOpenOption.READ).use { it.force(true) }

    /** The rename itself: a folder's entries reach the disk when the folder is synced (Linux, macOS). */
    private fun forceFolder(folder: Path) {
        try {
            force(folder)
        } catch (e: IOException) {
            // a platform that cannot open a folder as a file (Windows) writes renames through on its own
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

package outlay.documents

import org.slf4j.LoggerFactory
import org.springframework.beans.factory.annotation.Value
import org.springframework.scheduling.annotation.Scheduled
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate
import java.nio.file.Files
import java.nio.file.Path
import java.time.Clock
import java.time.Duration
import java.util.UUID

/**
 * Removes what nothing refers to: file rows no document or image links to (a deleted
 * transaction, a discarded draft), and stored bytes without a row (an upload whose transaction
 * failed). Both wait [grace] so an upload in flight is never swept. While `scripts/backup.sh`
 * runs (it leaves `<data-dir>/backup.hold`, trusted for [HOLD_LIMIT]) the sweep waits, so every
 * file the backup's database snapshot refers to is still there when the script copies the files.
 */
@Component
class FileJanitor(
    private val files: StoredFileRepository,
    private val links: FileLinks,
    private val store: FileStore,
    private val tx: TransactionTemplate,
    private val clock: Clock,
    @Value("\${outlay.files.sweep-grace:1h}") private val grace: Duration,
    @Value("\${outlay.data-dir}") private val dataDir: Path,
) {
    private val log = LoggerFactory.getLogger(javaClass)

    data class Result(val rows: Int, val orphans: Int)

    @Scheduled(fixedDelayString = "\${outlay.files.sweep-interval:10m}", initialDelayString = "\${outlay.files.sweep-interval:10m}")
    fun scheduledSweep() {
        if (backupInProgress()) {
            log.info("File sweep skipped: a backup is in progress")
            return
        }
        val result = sweep()
        if (result.rows + result.orphans > 0) log.info("Removed {} unreferenced files and {} orphaned objects", result.rows, result.orphans)
    }

    fun sweep(): Result {
        val cutoff = clock.instant().minus(grace)
        var rows = 0
        var after: UUID? = null
        do {
            // walks all old files in id order; each batch's transaction holds their row locks
            // while the ledger says which are still linked, so an upload cannot link one in between
            val candidates = tx.execute {
                val batch = files.lockOlderThan(cutoff, after, BATCH)
                val linked = links.referencedFileIds(batch.map { it.id })
                val unreferenced = batch.filter { it.id !in linked }
                files.delete(unreferenced.map { it.id })
                unreferenced.forEach { store.delete(it.key) }
                rows += unreferenced.size
                batch
            }
            after = candidates.lastOrNull()?.id
        } while (candidates.size == BATCH)

        var orphans = 0
        store.list().filter { it.modifiedAt.isBefore(cutoff) }.chunked(BATCH).forEach { chunk ->
            val keys = chunk.mapNotNull { o -> o.key.split('/').let { runCatching { UUID.fromString(it[0]) to it[1] }.getOrNull() } }
            val known = files.existingKeys(keys)
            chunk.filter { it.key !in known }.forEach {
                store.delete(it.key)
                orphans++
            }
        }
        return Result(rows, orphans)
    }

    private fun backupInProgress(): Boolean {
        val hold = dataDir.resolve("backup.hold")
        return Files.exists(hold) && Files.getLastModifiedTime(hold).toInstant().isAfter(clock.instant().minus(HOLD_LIMIT))
    }

    private companion object {
        const val BATCH = 500
        /** A hold older than this was left by a backup that died; the sweep goes on. */
        val HOLD_LIMIT: Duration = Duration.ofHours(6)
    }
}

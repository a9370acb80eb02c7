package outlay.exchange.dump

import org.flywaydb.core.Flyway
import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Service
import org.springframework.transaction.PlatformTransactionManager
import org.springframework.transaction.TransactionDefinition
import org.springframework.transaction.support.TransactionTemplate
import outlay.documents.FileStore
import tools.jackson.databind.json.JsonMapper
import tools.jackson.module.kotlin.KotlinModule
import java.io.OutputStream
import java.time.Clock
import java.util.UUID
import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream

/** What a full export holds; the first entry of the archive (docs/exchange.md). */
data class Manifest(
    val format: String,
    val version: Int,
    /** The Flyway version of the schema the rows come from; a restore needs the same. */
    val schemaVersion: String,
    val exportedAt: String,
    val userId: UUID,
    val tables: List<TableCount>,
    val files: Int,
)

data class TableCount(val name: String, val rows: Int)

/**
 * One user's whole ledger as a zip: `manifest.json`, then `tables/<table>.jsonl` (one JSON
 * object per row, every column, parents before children), then `files/<sha256>` (the stored
 * documents and images). Read in one repeatable-read transaction, so the archive is one
 * consistent moment; streamed row by row and file by file.
 */
@Service
class FullExport(
    private val db: DSLContext,
    private val store: FileStore,
    private val flyway: Flyway,
    transactions: PlatformTransactionManager,
    private val clock: Clock,
) {
    private val tables = Tables(db)
    private val snapshot = TransactionTemplate(transactions).apply {
        isReadOnly = true
        isolationLevel = TransactionDefinition.ISOLATION_REPEATABLE_READ
    }

    fun write(userId: UUID, out: OutputStream) {
        snapshot.executeWithoutResult {
            val zip = ZipOutputStream(out)
            val exported = userTables()
            val counts = exported.map { TableCount(it.name.lowercase(), db.fetchCount(it, userColumn(it).eq(userId))) }
            val fileRows = db.select(DSL.field(DSL.name("sha256"), String::class.java)).from(tables.table("stored_file"))
                .where(userColumn(tables.table("stored_file")).eq(userId)).fetch { it.value1().trim() }
            val manifest = Manifest(FORMAT, VERSION, schemaVersion(), clock.instant().toString(), userId, counts, fileRows.size)
            zip.putNextEntry(ZipEntry(MANIFEST))
            zip.write(mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest))
            zip.closeEntry()
            for (table in exported) {
                zip.putNextEntry(ZipEntry("tables/${table.name.lowercase()}.jsonl"))
                db.selectFrom(table).where(userColumn(table).eq(userId)).orderBy(tables.orderRows(table)).fetchSize(500).fetchLazy().use { cursor ->
                    for (record in cursor) {
                        zip.write(mapper.writeValueAsBytes(tables.encode(record)))
                        zip.write('\n'.code)
                    }
                }
                zip.closeEntry()
            }
            for (sha in fileRows) {
                val bytes = store.open("$userId/$sha") ?: error("stored file $sha of $userId is missing from the file store")
                zip.putNextEntry(ZipEntry("files/$sha"))
                bytes.use { it.transferTo(zip) }
                zip.closeEntry()
            }
            zip.finish()
            zip.flush()
        }
    }

    fun schemaVersion(): String = flyway.info().current()?.version?.toString() ?: "0"

    /** Tables holding a user's data: every table with a user_id, but not sessions or uploads awaiting an import. */
    fun userTables() = tables.ordered.filter { tables.hasColumn(it, "user_id") && it.name.lowercase() !in NOT_EXPORTED }

    private fun userColumn(table: org.jooq.Table<*>) = tables.field(table, "user_id")

    companion object {
        const val FORMAT = "outlay-ledger"
        const val VERSION = 1
        const val MANIFEST = "manifest.json"
        val NOT_EXPORTED = setOf("refresh_token", "import_upload")
        val mapper: JsonMapper = JsonMapper.builder().addModule(KotlinModule.Builder().build()).build()
    }
}

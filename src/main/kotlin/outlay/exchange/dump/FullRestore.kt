package outlay.exchange.dump

import org.jooq.DSLContext
import org.jooq.Query
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.documents.FileStore
import outlay.platform.ApiException
import outlay.platform.ProblemType
import outlay.platform.ValidationException
import java.io.InputStream
import java.nio.file.Files
import java.security.DigestInputStream
import java.security.MessageDigest
import java.util.HexFormat
import java.util.UUID
import java.util.zip.ZipInputStream

data class RestoreResult(val tables: List<TableCount>, val files: Int)

/**
 * Reads a full export (see [FullExport]) into the caller's empty ledger, keeping every id: the
 * rows in one database transaction (any failure leaves nothing), the files checked against
 * their SHA-256 names. Rows change owner to the caller; nothing else changes.
 */
@Service
class FullRestore(private val db: DSLContext, private val store: FileStore, private val export: FullExport) {
    private val tables = Tables(db)

    @Transactional
    fun restore(userId: UUID, input: InputStream): RestoreResult {
        val zip = ZipInputStream(input)
        val first = zip.nextEntry
        if (first?.name != FullExport.MANIFEST) refuse("The archive does not start with ${FullExport.MANIFEST}; it is not an Outlay export.")
        val manifest = runCatching { FullExport.mapper.readValue(zip.readAllBytes(), Manifest::class.java) }.getOrNull()
            ?: refuse("${FullExport.MANIFEST} is not valid.")
        if (manifest.format != FullExport.FORMAT || manifest.version != FullExport.VERSION) refuse("Unknown export format ${manifest.format} version ${manifest.version}.")
        if (manifest.schemaVersion != export.schemaVersion()) {
            refuse("The export is from schema version ${manifest.schemaVersion}; this server has ${export.schemaVersion()}. Import it into an Outlay of the same version.")
        }
        val account = tables.table("account")
        if (db.fetchCount(account, tables.field(account, "user_id").eq(userId)) > 0) {
            throw ApiException(HttpStatus.CONFLICT, ProblemType.CONFLICT, "A full export is imported into an empty ledger; this one has accounts.")
        }
        val allowed = export.userTables().associateBy { it.name.lowercase() }
        val counts = ArrayList<TableCount>()
        var files = 0
        while (true) {
            val entry = zip.nextEntry ?: break
            when {
                entry.name.startsWith("tables/") && entry.name.endsWith(".jsonl") -> {
                    val name = entry.name.removePrefix("tables/").removeSuffix(".jsonl")
                    val table = allowed[name] ?: refuse("The archive holds an unknown table $name.")
                    counts += TableCount(name, insertRows(userId, table, zip))
                }
                entry.name.startsWith("files/") -> { putFile(userId, entry.name.removePrefix("files/"), zip); files++ }
                else -> refuse("Unexpected entry ${entry.name} in the archive.")
            }
        }
        val expected = manifest.tables.filter { it.rows > 0 }.toSet()
        if (counts.filter { it.rows > 0 }.toSet() != expected || files != manifest.files) refuse("The archive is incomplete: its manifest lists more than it holds.")
        return RestoreResult(counts, files)
    }

    private fun insertRows(userId: UUID, table: org.jooq.Table<*>, input: InputStream): Int {
        val reader = input.bufferedReader() // not closed: that would close the zip
        val batch = ArrayList<Query>()
        var rows = 0
        while (true) {
            val line = reader.readLine() ?: break
            if (line.isBlank()) continue
            val node = FullExport.mapper.readTree(line)
            val values = table.fields().associateWith { field ->
                if (field.name.equals("user_id", ignoreCase = true)) userId else tables.decode(field, node.get(field.name.lowercase()))
            }
            batch += db.insertInto(table).set(values)
            rows++
            if (batch.size == BATCH) { db.batch(batch).execute(); batch.clear() }
        }
        if (batch.isNotEmpty()) db.batch(batch).execute()
        return rows
    }

    private fun putFile(userId: UUID, sha: String, input: InputStream) {
        if (!sha.matches(Regex("[0-9a-f]{64}"))) refuse("files/$sha is not named by a SHA-256.")
        val temp = store.newTempFile()
        try {
            val digest = MessageDigest.getInstance("SHA-256")
            Files.newOutputStream(temp).use { out -> DigestInputStream(input, digest).transferTo(out) }
            if (HexFormat.of().formatHex(digest.digest()) != sha) refuse("files/$sha does not have that SHA-256: the archive is damaged.")
            store.put("$userId/$sha", temp)
        } finally {
            Files.deleteIfExists(temp)
        }
    }

    private fun refuse(message: String): Nothing = throw ValidationException("file", message)

    private companion object {
        const val BATCH = 500
    }
}

package outlay.reliability

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import outlay.support.Api
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.ServerProcess
import outlay.support.TestDatabase
import java.nio.file.Files
import java.nio.file.Path
import java.sql.DriverManager
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * scripts/backup.sh while the server runs (online), scripts/restore.sh into an empty data
 * directory (and, on PostgreSQL, an empty database): every row of the users' data and every
 * file's checksum equal the original's, and the restored server hands out every receipt.
 */
class BackupTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `an online backup restores into an identical instance`() {
        val original = dir.resolve("original")
        val restored = dir.resolve("restored")
        val backup = dir.resolve("backup")
        val pg = if (TestDatabase.kind == "postgresql") PgTarget.create() else null
        val server = ServerProcess(original, ServerProcess.logFile("backup-${TestDatabase.kind}-server.log"))
        val receipts = mutableMapOf<String, Pair<String, String>>() // transaction -> token, sha256
        val users = mutableListOf<String>()
        server.start().use {
            repeat(2) {
                val me = Ledger(server.api)
                users += me.get("/me").text("id")
                val account = me.account()
                repeat(3) {
                    me.newDraft()
                    val pdf = Fixtures.uniquePdf()
                    Ledger.ok(me.upload("/transactions/draft/documents", pdf), 201)
                    me.putItem(UUID.randomUUID(), "3.50")
                    receipts[Ledger.ok(me.post("/transactions", null), 201).text("id")] = me.token to Writers.sha256(pdf)
                }
                Ledger.ok(me.transaction(account, "2025-03-04", me.item("12.00"), me.item("1.00", Fixtures.RENT, "isReduction" to true)), 201)
                me.newDraft() // a draft in progress is part of the instance too
                Ledger.ok(me.upload("/transactions/draft/documents", Fixtures.uniquePdf()), 201)
            }
            script("backup.sh", backup, original, mapOf("OUTLAY_PORT" to server.port.toString()) + (pg?.env(PgTarget.suiteUrl) ?: emptyMap()))
        }
        script("restore.sh", backup, restored, pg?.env(pg.url) ?: emptyMap())

        assertEquals(files(original), files(restored), "file checksums")
        assertTrue(files(original).isNotEmpty())
        val originalRows = rows(pg?.let { PgTarget.suiteUrl } ?: h2(original), users)
        assertEquals(originalRows, rows(pg?.url ?: h2(restored), users), "rows")
        assertTrue(originalRows.getValue("stored_file").size >= 8, "the users' files are among the rows compared")

        val copy = ServerProcess(restored, ServerProcess.logFile("backup-${TestDatabase.kind}-restored.log"), pg?.env(pg.url) ?: emptyMap())
        copy.start().use {
            val bad = LedgerAudit.badReceipts(copy.api, receipts.map { (id, r) -> Acknowledged(r.first, id, r.second) })
            assertEquals(emptyList(), bad, "receipts of the restored instance")
        }
    }

    /** Every table's rows (of these users, where the table has a user_id), in a stable order. */
    private fun rows(url: String, users: List<String>): Map<String, List<String>> =
        DriverManager.getConnection(url, if (url.startsWith("jdbc:h2")) "sa" else PgTarget.user, "").use { c ->
            val tables = c.metaData.getTables(null, "public", "%", arrayOf("TABLE")).use { r -> generateSequence { if (r.next()) r.getString("TABLE_NAME") else null }.toList() }
            tables.associateWith { table ->
                val columns = c.metaData.getColumns(null, "public", table, "%").use { r -> generateSequence { if (r.next()) r.getString("COLUMN_NAME") else null }.toList() }
                val where = if ("user_id" in columns) " where cast(user_id as varchar(36)) in (${users.joinToString { "'$it'" }})" else ""
                c.createStatement().use { s ->
                    s.executeQuery("select * from $table$where").use { r ->
                        generateSequence { if (r.next()) (1..columns.size).joinToString("|") { r.getString(it).orEmpty() } else null }.toList().sorted()
                    }
                }
            }
        }

    private fun files(data: Path): Map<String, String> {
        val root = data.resolve("files")
        return Files.walk(root).use { s ->
            s.filter { Files.isRegularFile(it) && !root.relativize(it).startsWith(".tmp") }.toList()
        }.associate { root.relativize(it).toString() to Writers.sha256(Files.readAllBytes(it)) }
    }

    private fun h2(data: Path) = "jdbc:h2:file:${data.resolve("outlay")};MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE"

    private fun script(name: String, backup: Path, data: Path, env: Map<String, String>) {
        val builder = ProcessBuilder("scripts/$name", backup.toString()).redirectErrorStream(true)
        builder.environment().keys.removeIf { it.startsWith("OUTLAY_DB") }
        builder.environment().putAll(env + ("OUTLAY_DATA_DIR" to data.toString()))
        val process = builder.start()
        val output = process.inputStream.bufferedReader().readText()
        check(process.waitFor() == 0) { "$name failed: $output" }
    }

    /** On PostgreSQL: the restore goes into a new, empty database on the suite's server. */
    private class PgTarget(val url: String) {
        fun env(url: String) = mapOf("OUTLAY_DB_URL" to url, "OUTLAY_DB_USER" to user)

        companion object {
            val suiteUrl: String get() = System.getenv("OUTLAY_TEST_PG_URL")
            val user: String get() = System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay"

            fun create(): PgTarget {
                val name = "restore_" + UUID.randomUUID().toString().replace("-", "").take(12)
                DriverManager.getConnection(suiteUrl, user, "").use { it.createStatement().execute("create database $name") }
                return PgTarget(suiteUrl.substringBeforeLast('/') + "/" + name)
            }
        }
    }
}

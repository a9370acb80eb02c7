package outlay.reliability

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.springframework.boot.builder.SpringApplicationBuilder
import outlay.OutlayApplication
import outlay.support.Api
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.TestDatabase
import java.nio.file.Files
import java.nio.file.Path
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The data directory's file store on a full disk (a 2 MB tmpfs; the suite runs as root, as CI
 * does): uploads answer 507 problem+json, no half-written file remains, and everything else
 * (the draft, saving it, reading) keeps working.
 */
class DiskFullTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `uploads to a full disk answer 507 and leave nothing half-written`() {
        val dataDir = dir.resolve("data")
        val files = Files.createDirectories(dataDir.resolve("files"))
        run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", files.toString())
        try {
            val props = mutableListOf("server.port=0", "outlay.data-dir=$dataDir", "outlay.auth.password-hash.cost=6")
            if (TestDatabase.kind == "postgresql") {
                props += "spring.datasource.url=${System.getenv("OUTLAY_TEST_PG_URL")}"
                props += "spring.datasource.username=${System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay"}"
            } else {
                props += "spring.datasource.url=${TestDatabase.h2Url("disk-full-" + UUID.randomUUID())}"
            }
            SpringApplicationBuilder(OutlayApplication::class.java).run(*props.map { "--$it" }.toTypedArray()).use { app ->
                val me = Ledger(Api("http://127.0.0.1:${app.environment.getProperty("local.server.port")}"))
                me.account()
                me.newDraft()
                val answers = (1..8).map { me.upload("/transactions/draft/documents", Fixtures.uniquePdf() + ByteArray(400 * 1024) { it.toByte() }) }
                val full = answers.filter { it.status == 507 }
                assertTrue(answers.first().status == 201 && full.isNotEmpty(), "some uploads fit, later ones do not: ${answers.map { it.status }}")
                assertEquals(answers.size, answers.count { it.status == 201 } + full.size, "only 201 or 507: ${answers.map { it.status }}")
                full.forEach {
                    assertEquals("application/problem+json", it.header("Content-Type"))
                    assertEquals("/problems/storage-full", it.text("type"))
                }
                assertEquals(emptyList(), Files.list(files.resolve(".tmp")).use { it.toList() }, "half-written uploads left behind")

                // everything that needs no new room still works, and the stored receipts are whole
                Ledger.ok(me.putItem(UUID.randomUUID(), "4.20"))
                val draft = Ledger.ok(me.get("/transactions/draft")).json
                assertEquals(answers.count { it.status == 201 }, draft.path("documents").size())
                val saved = Ledger.ok(me.post("/transactions", null), 201)
                saved.json.path("documents").values().forEach { doc ->
                    assertEquals(200, me.get(doc.path("url").asString()).status)
                }
                assertEquals(200, me.get("/transactions").status)
            }
        } finally {
            run("umount", files.toString())
        }
    }

    private fun run(vararg command: String) {
        val process = ProcessBuilder(*command).redirectErrorStream(true).start()
        val output = process.inputStream.bufferedReader().readText()
        check(process.waitFor() == 0) { "${command.joinToString(" ")} failed (this test needs root, as CI runs): $output" }
    }
}

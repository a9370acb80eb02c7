package outlay.documents

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.test.context.TestPropertySource
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.nio.file.Files
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** Files are stored once per user and content, and removed when nothing refers to them. */
@TestPropertySource(properties = ["outlay.files.sweep-grace=0s", "outlay.files.sweep-interval=1h"])
class FileStorageTest : ApiTest() {
    @Autowired
    lateinit var janitor: FileJanitor

    private fun objectFor(user: Ledger, docUrl: String): Boolean {
        val sha = user.get(docUrl).header("ETag")!!.trim('"')
        return storedFiles().any { it.fileName.toString() == sha }
    }

    @Test
    fun `deleting a transaction frees its files, unless something else uses them`() {
        val me = Ledger(api)
        val account = me.account()
        val shared = Fixtures.uniquePdf()
        val ids = (1..2).map {
            me.newDraft()
            me.put("/transactions/draft", mapOf("accountId" to account, "date" to "2026-01-0$it"))
            me.putItem(UUID.randomUUID(), "1")
            me.upload("/transactions/draft/documents", shared)
            me.upload("/transactions/draft/documents", Fixtures.uniquePdf())
            me.post("/transactions", null).json
        }
        val sharedUrl = ids[0].path("documents").first().path("url").asString()
        val ownUrl = ids[0].path("documents")[1].path("url").asString()
        assertEquals(ids[0].path("documents").first().path("sizeBytes"), ids[1].path("documents").first().path("sizeBytes"))
        assertTrue(objectFor(me, sharedUrl) && objectFor(me, ownUrl))
        val ownSha = me.get(ownUrl).header("ETag")!!.trim('"')

        assertEquals(204, me.delete("/transactions/${ids[0].path("id").asString()}").status)
        janitor.sweep()
        assertFalse(storedFiles().any { it.fileName.toString() == ownSha }, "the deleted transaction's own file is gone")
        assertTrue(objectFor(me, ids[1].path("documents").first().path("url").asString()), "the shared file stays for the other transaction")
    }

    @Test
    fun `a discarded draft's files are swept, bytes without a row are swept`() {
        val me = Ledger(api)
        me.account()
        me.newDraft()
        val doc = me.upload("/transactions/draft/documents", Fixtures.uniquePdf()).text("id")
        val sha = me.get("/documents/$doc").header("ETag")!!.trim('"')
        assertEquals(204, me.delete("/transactions/draft").status) // discarded: the document link is gone
        val stray = dataDir.resolve("files/${UUID.randomUUID()}/ab/ab${"0".repeat(62)}")
        Files.createDirectories(stray.parent)
        Files.write(stray, Fixtures.PDF)
        val result = janitor.sweep()
        assertTrue(result.rows >= 1 && result.orphans >= 1, result.toString())
        assertFalse(storedFiles().any { it.fileName.toString() == sha })
        assertFalse(Files.exists(stray))
    }

    @Test
    fun `two users uploading the same bytes get separate copies`() {
        val pdf = Fixtures.uniquePdf()
        val urls = (1..2).map {
            val user = Ledger(api)
            user.account()
            user.newDraft()
            user to user.upload("/transactions/draft/documents", pdf).text("url")
        }
        val sha = urls[0].first.get(urls[0].second).header("ETag")!!.trim('"')
        assertEquals(2, storedFiles().count { it.fileName.toString() == sha })
    }
}

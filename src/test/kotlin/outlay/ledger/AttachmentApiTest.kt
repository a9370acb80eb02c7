package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.assertProblem
import java.util.UUID
import kotlin.test.assertEquals

class AttachmentApiTest : ApiTest() {

    private fun saved(me: Ledger): Pair<String, String> {
        val account = me.account()
        val created = me.transaction(account, "2026-04-10", me.item("7.50"), me.item("2.25", Fixtures.RENT))
        assertEquals(201, created.status, created.body)
        assertEquals(Fixtures.RENT, created.json.path("items")[1].path("category").path("id").asString(), "an item's category is the category, not the item")
        return created.text("id") to created.json.path("items").first().path("id").asString()
    }

    private fun summary(me: Ledger) = me.post("/statistics/summary", mapOf("from" to "2026-04-01", "to" to "2026-04-30")).body

    @Test
    fun `receipts and photos are added to and removed from a saved transaction, totals untouched`() {
        val me = Ledger(api)
        val (id, item) = saved(me)
        val totals = summary(me)

        val pdf = Fixtures.uniquePdf()
        val document = me.upload("/transactions/$id/documents", pdf, "later.pdf", mapOf("kind" to "invoice"))
        assertEquals(201, document.status, document.body)
        assertEquals("invoice", document.text("kind"))
        val again = me.upload("/transactions/$id/documents", pdf, "later.pdf")
        assertEquals(200, again.status, "the same file twice is one document")
        assertEquals(document.text("id"), again.text("id"))
        val image = me.upload("/transactions/$id/items/$item/images", Fixtures.PNG, "shelf.png")
        assertEquals(201, image.status, image.body)

        val read = me.get("/transactions/$id").json
        assertEquals(listOf("later.pdf"), read.path("documents").values().map { it.path("filename").asString() })
        assertEquals(listOf("shelf.png"), read.path("items").first().path("images").values().map { it.path("filename").asString() })
        assertEquals(pdf.toList(), api.bytes("/documents/${document.text("id")}", me.token).toList())
        assertEquals(totals, summary(me), "attachments carry no money")

        assertEquals(204, me.delete("/transactions/$id/documents/${document.text("id")}").status)
        assertEquals(204, me.delete("/transactions/$id/items/$item/images/${image.text("id")}").status)
        me.delete("/transactions/$id/documents/${document.text("id")}").assertProblem(404, "not-found")
        val after = me.get("/transactions/$id").json
        assertEquals(0, after.path("documents").size())
        assertEquals(0, after.path("items").first().path("images").size())
        assertEquals(totals, summary(me))
    }

    @Test
    fun `bad uploads and unknown ids change nothing`() {
        val me = Ledger(api)
        val (id, item) = saved(me)
        val (other, otherItem) = saved(me)
        me.upload("/transactions/$id/documents", Fixtures.TEXT, "notes.txt").assertProblem(415, "unsupported-file-type")
        me.upload("/transactions/$id/items/$item/images", Fixtures.PDF, "scan.pdf").assertProblem(415, "unsupported-file-type")
        me.upload("/transactions/$id/items/$otherItem/images", Fixtures.PNG).assertProblem(404, "not-found")
        me.upload("/transactions/${UUID.randomUUID()}/documents", Fixtures.uniquePdf()).assertProblem(404, "not-found")
        me.upload("/transactions/$id/documents", Fixtures.uniquePdf(), fields = mapOf("kind" to "poster")).assertProblem(400, "validation")
        repeat(DraftService.MAX_DOCUMENTS) { assertEquals(201, me.upload("/transactions/$id/documents", Fixtures.uniquePdf()).status) }
        me.upload("/transactions/$id/documents", Fixtures.uniquePdf()).assertProblem(409, "limit-exceeded")
        assertEquals(DraftService.MAX_DOCUMENTS, me.get("/transactions/$id").json.path("documents").size())
        assertEquals(0, me.get("/transactions/$other").json.path("documents").size())
    }
}

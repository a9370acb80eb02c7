package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The seed's user flow, steps 2 to 6, through the real server. */
class DraftFlowTest : ApiTest() {

    @Test
    fun `draft, account, document, items, save, list`() {
        val me = Ledger(api)
        val cash = me.account("Wallet", "EUR")
        val card = me.account("Card", "EUR")

        // 2. create draft, get draft, get categories
        val draft = me.newDraft()
        assertEquals(cash, draft.path("accountId").asString(), "the draft starts on the first account")
        assertEquals("expense", draft.path("direction").asString())
        assertEquals(me.get("/transactions/draft").json, draft, "a new draft is answered as a read returns it")
        val categories = me.get("/categories").json.values()
        assertEquals(17, categories.count { it.path("builtIn").asBoolean() })
        assertTrue(categories.any { it.path("key").asString() == "food" && it.path("icon").asString() == "restaurant" })

        // 3. get accounts, change the draft's account
        assertEquals(listOf(cash, card), me.get("/accounts").json.values().map { it.path("id").asString() })
        val header = me.put(
            "/transactions/draft",
            mapOf("accountId" to card, "direction" to "expense", "mode" to "card", "date" to "2026-03-01", "time" to "12:30", "note" to "weekly shop"),
        )
        assertEquals(200, header.status, header.body)
        assertEquals(card, header.text("accountId"))
        assertEquals("12:30:00", header.text("time"))
        assertEquals(me.get("/transactions/draft").json, header.json, "an edit is answered with the draft as a read returns it")

        // 4. attach a document
        val document = me.upload("/transactions/draft/documents", Fixtures.PDF, "receipt.pdf", mapOf("kind" to "receipt"))
        assertEquals(201, document.status, document.body)
        assertEquals("application/pdf", document.text("mediaType"))
        assertEquals(Fixtures.PDF.size.toLong(), document.json.path("sizeBytes").asLong())
        assertEquals(me.get("/transactions/draft").json.path("documents").single(), document.json)

        // 5. items
        val apples = UUID.randomUUID()
        val coupon = UUID.randomUUID()
        assertEquals(200, me.putItem(apples, "12.34", Fixtures.FOOD, "quantity" to 2, "description" to "Apples", "brand" to "Orchard").status)
        assertEquals(200, me.putItem(coupon, "1.5", Fixtures.FOOD, "isReduction" to true, "description" to "Coupon").status)
        val replaced = me.putItem(apples, "12.40", Fixtures.FOOD, "quantity" to 2, "description" to "Apples")
        assertEquals("12.40", replaced.text("amount"), "PUT by the same id replaces the item")
        val image = me.upload("/transactions/draft/items/$apples/images", Fixtures.JPEG, "apples.jpg")
        assertEquals(201, image.status, image.body)
        val withImage = me.putItem(apples, "12.40", Fixtures.FOOD, "quantity" to java.math.BigDecimal("2.000"), "description" to " Apples ")
        val read = me.get("/transactions/draft").json
        assertEquals(read.path("items").first { it.path("id").asString() == apples.toString() }, withImage.json, "an item keeps its image when replaced")

        // 6. save, list
        val draftId = draft.path("id").asString()
        val saved = me.post("/transactions", mapOf("draftId" to draftId))
        assertEquals(201, saved.status, saved.body)
        val t = saved.json
        assertEquals(draftId, t.path("id").asString(), "the transaction keeps the draft's id")
        assertEquals("10.90", t.path("total").asString(), "12.40 minus the 1.50 reduction")
        assertEquals(listOf("12.40", "1.50"), t.path("items").values().map { it.path("amount").asString() })
        assertEquals("Food", t.path("items").first().path("category").path("name").asString())
        assertEquals(1, t.path("items").first().path("images").size())
        assertEquals(document.text("id"), t.path("documents").first().path("id").asString(), "documents keep their ids")
        assertEquals(me.get("/transactions/$draftId").json, t, "the save answers with the transaction as a read returns it")
        assertEquals(404, me.get("/transactions/draft").status, "saving empties the draft")

        val list = me.get("/transactions")
        assertEquals(200, list.status)
        assertEquals(listOf(draftId), list.json.path("items").values().map { it.path("id").asString() })

        // documents and images download to their owner, with type, disposition, ETag and private caching
        val pdf = me.get("/documents/${document.text("id")}")
        assertEquals(200, pdf.status)
        assertEquals("application/pdf", pdf.header("Content-Type"))
        assertTrue(pdf.header("Content-Disposition")!!.contains("receipt.pdf"))
        assertTrue(pdf.header("Cache-Control")!!.contains("private"))
        val etag = pdf.header("ETag")!!
        val again = api.send("GET", "/documents/${document.text("id")}", java.net.http.HttpRequest.BodyPublishers.noBody(), me.token, headers = mapOf("If-None-Match" to etag))
        assertEquals(304, again.status)
        val jpg = me.get("/images/${image.text("id")}")
        assertEquals(200, jpg.status)
        assertEquals("image/jpeg", jpg.header("Content-Type"))
    }

    @Test
    fun `loading the draft costs the same number of statements whatever its size`() {
        val me = Ledger(api)
        me.account()
        me.newDraft()
        me.putItem(UUID.randomUUID(), "1")
        val (one, small) = statements.count { me.get("/transactions/draft") }
        repeat(5) {
            val item = UUID.randomUUID()
            me.putItem(item, "2")
            me.upload("/transactions/draft/items/$item/images", Fixtures.PNG + byteArrayOf(it.toByte()), "a.png")
        }
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "r.pdf")
        val (six, large) = statements.count { me.get("/transactions/draft") }
        assertEquals(1, one.json.path("items").size())
        assertEquals(6, six.json.path("items").size())
        assertEquals(5, six.json.path("items").values().sumOf { it.path("images").size() })
        assertEquals(small, large, "statements for 1 vs 6 items")
        assertTrue(large <= 4, "the draft takes at most 4 statements (header, items, documents, images), took $large")
    }

    @Test
    fun `saving the draft's items costs the same number of statements for 1 and 20 items`() {
        val me = Ledger(api)
        val account = me.account()
        me.newDraft()
        fun body(n: Int, ids: List<UUID>) = mapOf(
            "accountId" to account, "date" to "2026-03-14",
            "items" to ids.take(n).mapIndexed { i, id -> mapOf("id" to id, "amount" to "${i + 1}.25", "categoryId" to Fixtures.FOOD) },
        )
        val ids = List(20) { UUID.randomUUID() }
        val (_, one) = statements.count { ok(me.put("/transactions/draft", body(1, ids))) }
        val (updated, twenty) = statements.count { ok(me.put("/transactions/draft", body(20, ids))) } // 1 updated, 19 inserted
        assertEquals(20, updated.json.path("items").size())
        assertEquals("1.25", updated.json.path("items").first().path("amount").asString())
        assertEquals("20.25", updated.json.path("items").last().path("amount").asString())
        assertEquals(one, twenty, "statements for saving 1 vs 20 items (new and changed ones in one batch)")
    }

    @Test
    fun `opening the draft again returns the one in progress, discarding it is explicit`() {
        val me = Ledger(api)
        me.account()
        val first = me.newDraft().path("id").asString()
        val item = UUID.randomUUID()
        me.putItem(item, "5")
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf())
        val again = me.post("/transactions/draft", mapOf("timeZone" to "Pacific/Kiritimati"))
        assertEquals(200, again.status, again.body)
        assertEquals(me.get("/transactions/draft").json, again.json, "the draft in progress, with its item and document, unchanged")
        assertEquals(first, again.text("id"))
        assertEquals(listOf(item.toString()), again.json.path("items").values().map { it.path("id").asString() })

        assertEquals(204, me.delete("/transactions/draft").status)
        me.get("/transactions/draft").assertProblem(404, "no-draft")
        me.delete("/transactions/draft").assertProblem(404, "no-draft")
        val fresh = me.newDraft()
        assertTrue(first != fresh.path("id").asString())
        assertEquals(0, fresh.path("items").size())
        assertEquals(0, fresh.path("documents").size())
    }

    @Test
    fun `the same file twice is one document or image of the draft, and the draft's limits hold`() {
        val me = Ledger(api)
        me.account()
        me.newDraft()
        val pdf = Fixtures.uniquePdf()
        val first = me.upload("/transactions/draft/documents", pdf, "a.pdf", mapOf("kind" to "invoice"))
        assertEquals(201, first.status, first.body)
        assertEquals(first.json, me.upload("/transactions/draft/documents", pdf, "b.pdf").json, "the document it is already, as it was")
        repeat(DraftService.MAX_DOCUMENTS - 1) { assertEquals(201, me.upload("/transactions/draft/documents", Fixtures.uniquePdf()).status) }
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf()).assertProblem(409, "limit-exceeded")
        assertEquals(first.json, me.upload("/transactions/draft/documents", pdf).json, "a file the full draft has already is still that document")
        assertEquals(DraftService.MAX_DOCUMENTS, me.get("/transactions/draft").json.path("documents").size())

        val item = UUID.randomUUID()
        me.putItem(item, "4.20")
        val photo = me.upload("/transactions/draft/items/$item/images", Fixtures.PNG + byteArrayOf(99), "p.png")
        assertEquals(201, photo.status, photo.body)
        assertEquals(photo.json, me.upload("/transactions/draft/items/$item/images", Fixtures.PNG + byteArrayOf(99), "q.png").json)
        repeat(DraftService.MAX_IMAGES - 1) { assertEquals(201, me.upload("/transactions/draft/items/$item/images", Fixtures.PNG + byteArrayOf(it.toByte()), "a.png").status) }
        me.upload("/transactions/draft/items/$item/images", Fixtures.PNG + byteArrayOf(100), "b.png").assertProblem(409, "limit-exceeded")
        me.upload("/transactions/draft/items/${UUID.randomUUID()}/images", Fixtures.PNG).assertProblem(404, "not-found")
        val images = me.get("/transactions/draft").json.path("items").single().path("images")
        assertEquals(DraftService.MAX_IMAGES, images.size())
        assertEquals(photo.json, images.first(), "an image answers as the draft shows it")
    }

    @Test
    fun `the draft's date is today in the requested time zone`() {
        // the server's clock at the next 12:00 UTC: already tomorrow in Kiritimati (UTC+14)
        val now = clock.instant()
        val noon = now.truncatedTo(java.time.temporal.ChronoUnit.DAYS).plus(java.time.Duration.ofHours(12))
        val at = if (noon.isAfter(now)) noon else noon.plus(java.time.Duration.ofDays(1))
        clock.advance(java.time.Duration.between(now, at))
        val today = java.time.LocalDate.ofInstant(at, java.time.ZoneOffset.UTC)
        val me = Ledger(api)
        me.account()
        assertEquals(today.toString(), me.newDraft().path("date").asString(), "UTC without a time zone")
        assertEquals(204, me.delete("/transactions/draft").status)
        val body = me.post("/transactions/draft", mapOf("timeZone" to "Pacific/Kiritimati")).json
        assertEquals(today.plusDays(1).toString(), body.path("date").asString())
        assertEquals(400, me.post("/transactions/draft", mapOf("timeZone" to "Mars/Olympus")).status)
    }

    @Test
    fun `PUT draft with items replaces them all`() {
        val me = Ledger(api)
        val account = me.account()
        me.newDraft()
        val keep = UUID.randomUUID()
        me.putItem(keep, "1")
        me.putItem(UUID.randomUUID(), "2")
        val added = UUID.randomUUID()
        val body = me.put(
            "/transactions/draft",
            mapOf("accountId" to account, "date" to "2026-01-01", "items" to listOf(
                mapOf("id" to keep.toString(), "amount" to "1.10", "categoryId" to Fixtures.FOOD),
                mapOf("id" to added.toString(), "amount" to "3", "categoryId" to Fixtures.RENT),
            )),
        )
        assertEquals(200, body.status, body.body)
        assertEquals(listOf(keep.toString(), added.toString()), body.json.path("items").values().map { it.path("id").asString() })
        assertEquals(me.get("/transactions/draft").json, body.json, "the answer is the draft as a read returns it")
    }

    @Test
    fun `a transaction can be created directly, read, edited and deleted`() {
        val me = Ledger(api)
        val account = me.account("Yen", "JPY")
        val created = me.transaction(account, "2026-02-02", me.item("1200"), me.item("300", Fixtures.RENT))
        assertEquals(201, created.status, created.body)
        assertEquals("1500", created.text("total"))
        assertEquals(me.get("/transactions/${created.text("id")}").json, created.json, "a create answers as a read returns it")
        val id = created.text("id")
        val itemId = created.json.path("items").first().path("id").asString()
        val edited = me.put(
            "/transactions/$id",
            mapOf("accountId" to account, "date" to "2026-02-03", "mode" to "cash", "items" to listOf(mapOf("id" to itemId, "amount" to "1000", "categoryId" to Fixtures.FOOD))),
        )
        assertEquals(200, edited.status, edited.body)
        assertEquals("1000", edited.text("total"))
        assertEquals("cash", edited.text("mode"))
        assertEquals(itemId, edited.json.path("items").first().path("id").asString())
        assertEquals("2026-02-03", me.get("/transactions/$id").text("date"))
        assertEquals(204, me.delete("/transactions/$id").status)
        assertEquals(404, me.get("/transactions/$id").status)
    }
}

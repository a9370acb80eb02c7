package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import tools.jackson.databind.JsonNode
import java.time.LocalDate
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

class TransactionListTest : ApiTest() {

    @Test
    fun `the text filter finds an item's description or brand, the note or the seller, in any case, with wildcards literal`() {
        val me = Ledger(api)
        val wallet = me.account()
        val seller = me.post("/sellers", mapOf("name" to "Corner Bakery")).text("id")
        val bread = me.transaction(wallet, "2026-03-01", me.item("2.00", Fixtures.FOOD, "description" to "Rye bread", "brand" to "Mill_Co")).text("id")
        val noted = me.transaction(wallet, "2026-03-02", me.item("3.00"), extra = mapOf("note" to "50% off")).text("id")
        val bakery = me.transaction(wallet, "2026-03-03", me.item("4.00"), extra = mapOf("sellerId" to seller)).text("id")
        val other = Ledger(api)
        other.transaction(other.account(), "2026-03-01", other.item("9.00", Fixtures.FOOD, "description" to "Rye bread"))
        fun ids(text: String) = me.get("/transactions?text=" + java.net.URLEncoder.encode(text, Charsets.UTF_8)).json.path("items").values().map { it.path("id").asString() }
        assertEquals(listOf(bread), ids("RYE"))
        assertEquals(listOf(bread), ids("mill_co"))
        assertEquals(emptyList(), ids("mill%co"), "% is a literal character, not a wildcard")
        assertEquals(listOf(noted), ids("50%"))
        assertEquals(listOf(bakery), ids("bakery"))
        assertEquals(400, me.get("/transactions?text=%20").status, "blank text is refused")
    }

    @Test
    fun `newest first, cursor pages cover everything exactly once, filters apply`() {
        val me = Ledger(api)
        val eur = me.account("EUR", "EUR")
        val usd = me.account("USD", "USD")
        val start = LocalDate.of(2025, 12, 25)
        val made = (0 until 13).map { i ->
            // two per day, so the id breaks ties within a date
            val date = start.plusDays((i / 2).toLong()).toString()
            me.transaction(if (i % 3 == 0) usd else eur, date, me.item("$i.25")).json
        }
        val expected = made.sortedWith(compareByDescending<tools.jackson.databind.JsonNode> { it.path("date").asString() }.thenByDescending { UUID.fromString(it.path("id").asString()) })
            .map { it.path("id").asString() }

        val seen = mutableListOf<String>()
        var cursor: String? = null
        do {
            val page = me.get("/transactions?limit=5" + (cursor?.let { "&cursor=$it" } ?: ""))
            assertEquals(200, page.status, page.body)
            seen += page.json.path("items").values().map { it.path("id").asString() }
            cursor = page.json.path("nextCursor").takeIf { !it.isNull }?.asString()
        } while (cursor != null)
        assertEquals(expected, seen)

        val usdOnly = me.get("/transactions?accountId=$usd").json.path("items").values()
        assertEquals(made.count { it.path("accountId").asString() == usd }, usdOnly.size)
        assertTrue(usdOnly.all { it.path("currency").asString() == "USD" })

        val range = me.get("/transactions?from=2025-12-26&to=2025-12-27").json.path("items").values().map { it.path("date").asString() }
        assertEquals(listOf("2025-12-27", "2025-12-27", "2025-12-26", "2025-12-26"), range)
    }

    @Test
    fun `a page costs the same number of statements whatever its size`() {
        val me = Ledger(api)
        val account = me.account()
        val category = me.post("/categories", mapOf("name" to "Snacks", "icon" to "cookie")).text("id")
        repeat(30) { i ->
            val t = me.transaction(account, "2026-01-${(i % 28 + 1).toString().padStart(2, '0')}", me.item("1.00"), me.item("2.00", category), me.item("0.50", Fixtures.FOOD, "isReduction" to true))
            assertEquals(201, t.status, t.body)
        }
        me.newDraft()
        val withImage = UUID.randomUUID()
        me.putItem(withImage, "3.00")
        me.upload("/transactions/draft/items/$withImage/images", Fixtures.PNG, "a.png")
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "r.pdf")
        assertEquals(201, me.post("/transactions", null).status)

        val (one, small) = statements.count { me.get("/transactions?limit=1") }
        val (thirty, large) = statements.count { me.get("/transactions?limit=31") }
        assertEquals(1, one.json.path("items").size())
        assertEquals(31, thirty.json.path("items").size())
        assertEquals(3, thirty.json.path("items").values().last().path("items").size())
        assertEquals(small, large, "statements for 1 vs 31 transactions")
        assertTrue(large <= 4, "a page takes at most 4 statements (headers, transfers, items, documents with the items' images), took $large")
    }

    @Test
    fun `each document and photo is listed where it was attached, oldest first`() {
        val me = Ledger(api)
        me.account()
        me.newDraft()
        val (first, second) = UUID.randomUUID() to UUID.randomUUID()
        me.putItem(first, "1.00")
        me.putItem(second, "2.00")
        me.upload("/transactions/draft/items/$first/images", Fixtures.PNG, "first-1.png")
        me.upload("/transactions/draft/items/$second/images", Fixtures.JPEG, "second-1.jpg")
        me.upload("/transactions/draft/items/$first/images", Fixtures.WEBP, "first-2.webp")
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "receipt.pdf")
        val withAttachments = me.post("/transactions", null)
        assertEquals(201, withAttachments.status, withAttachments.body)
        me.newDraft()
        me.putItem(UUID.randomUUID(), "3.00")
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "other.pdf")
        assertEquals(201, me.post("/transactions", null).status)

        fun attachments(t: JsonNode) = listOf(t.path("documents").values().map { it.path("filename").asString() }) +
            t.path("items").values().map { item -> item.path("images").values().map { it.path("filename").asString() } }
        val listed = me.get("/transactions").json.path("items").values().associateBy { it.path("id").asString() }
        val id = withAttachments.text("id")
        assertEquals(listOf(listOf("receipt.pdf"), listOf("first-1.png", "first-2.webp"), listOf("second-1.jpg")), attachments(listed.getValue(id)))
        assertEquals(listOf(listOf("other.pdf"), emptyList()), attachments(listed.values.single { it.path("id").asString() != id }))
        assertEquals(attachments(listed.getValue(id)), attachments(me.get("/transactions/$id").json))
    }

    @Test
    fun `limits and cursors are validated`() {
        val me = Ledger(api)
        assertEquals(400, me.get("/transactions?limit=0").status)
        assertEquals(400, me.get("/transactions?limit=201").status)
        assertEquals(200, me.get("/transactions?limit=200").status)
        val bad = me.get("/transactions?cursor=not-a-cursor")
        assertEquals(400, bad.status)
        assertEquals(listOf("cursor"), bad.errorFields)
        assertEquals(400, me.get("/transactions?from=2026-02-01&to=2026-01-01").status)
        assertEquals(400, me.get("/transactions?from=yesterday").status)
        assertNull(me.get("/transactions").json.path("nextCursor").asString(null))
    }
}

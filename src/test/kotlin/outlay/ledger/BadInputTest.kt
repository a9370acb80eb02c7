package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.security.MessageDigest
import java.util.HexFormat
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Bad input gets a problem document and changes nothing, in the database or on disk. */
class BadInputTest : ApiTest() {

    private fun assertProblem(response: Api.Response, status: Int, vararg fields: String) {
        assertEquals(status, response.status, response.body)
        assertEquals("application/problem+json", response.header("Content-Type"))
        if (fields.isNotEmpty()) assertEquals(fields.toSet(), response.errorFields.toSet(), response.body)
    }

    /** Runs [bad] and checks that the draft, the transactions and the file store are as before. */
    private fun unchanged(me: Ledger, bad: () -> Unit) {
        val draft = me.get("/transactions/draft").body
        val list = me.get("/transactions").body
        val files = storedFiles().toSet()
        bad()
        assertEquals(draft, me.get("/transactions/draft").body)
        assertEquals(list, me.get("/transactions").body)
        assertEquals(files, storedFiles().toSet())
    }

    private fun readyDraft(): Pair<Ledger, String> {
        val me = Ledger(api)
        val account = me.account()
        me.newDraft()
        me.put("/transactions/draft", mapOf("accountId" to account, "date" to "2026-06-01"))
        me.putItem(UUID.randomUUID(), "3.50")
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf())
        return me to account
    }

    @Test
    fun `accounts reject bad currencies, names and types`() {
        val me = Ledger(api)
        for (currency in listOf("EURO", "eur", "XXX", "", "ABC")) {
            assertProblem(me.post("/accounts", mapOf("name" to "A", "currency" to currency)), 400, "currency")
        }
        assertProblem(me.post("/accounts", mapOf("name" to " ", "currency" to "EUR")), 400, "name")
        assertProblem(me.post("/accounts", mapOf("name" to listOf("x"), "currency" to "EUR")), 400, "name")
        assertProblem(me.post("/accounts", mapOf("currency" to "EUR")), 400, "name")
        assertEquals(0, me.get("/accounts").json.size())
        assertProblem(me.get("/accounts/not-a-uuid"), 400, "id")
        assertProblem(me.get("/accounts/${UUID.randomUUID()}"), 404)
    }

    @Test
    fun `items reject negative or malformed amounts and quantities, unknown categories`() {
        val (me, _) = readyDraft()
        unchanged(me) {
            assertProblem(me.putItem(UUID.randomUUID(), "-1.00"), 400, "amount")
            assertProblem(me.putItem(UUID.randomUUID(), "1.23456"), 400, "amount")
            assertProblem(me.putItem(UUID.randomUUID(), "12,50"), 400, "amount")
            assertProblem(me.putItem(UUID.randomUUID(), "1", Fixtures.FOOD, "quantity" to -1), 400, "quantity")
            assertProblem(me.putItem(UUID.randomUUID(), "1", Fixtures.FOOD, "quantity" to 0), 400, "quantity")
            assertProblem(me.putItem(UUID.randomUUID(), "1", Fixtures.FOOD, "quantity" to "lots"), 400, "quantity")
            assertProblem(me.putItem(UUID.randomUUID(), "1", UUID.randomUUID().toString()), 400, "categoryId")
            assertProblem(me.put("/transactions/draft/items/${UUID.randomUUID()}", mapOf("categoryId" to Fixtures.FOOD)), 400, "amount")
            assertProblem(me.put("/transactions/draft/items/not-a-uuid", me.item("1")), 400, "itemId")
        }
    }

    @Test
    fun `the draft header rejects unknown ids, bad enums and long notes`() {
        val (me, account) = readyDraft()
        unchanged(me) {
            assertProblem(me.put("/transactions/draft", mapOf("accountId" to UUID.randomUUID().toString())), 400, "accountId")
            assertProblem(me.put("/transactions/draft", mapOf("accountId" to account, "direction" to "sideways")), 400, "direction")
            assertProblem(me.put("/transactions/draft", mapOf("accountId" to account, "mode" to "barter")), 400, "mode")
            assertProblem(me.put("/transactions/draft", mapOf("accountId" to account, "date" to "2026-02-30")), 400, "date")
            assertProblem(me.put("/transactions/draft", mapOf("accountId" to account, "note" to "n".repeat(501))), 400, "note")
            assertProblem(me.put("/transactions/draft", mapOf("accountId" to account, "sellerLocationId" to UUID.randomUUID().toString())), 400, "sellerLocationId")
        }
    }

    @Test
    fun `the draft's items are refused as a whole - another user's or no category, a missing or repeated id`() {
        val (me, account) = readyDraft()
        val other = Ledger(api)
        val theirs = other.post("/categories", mapOf("name" to "Theirs", "icon" to "star")).text("id")
        val kept = UUID.randomUUID().toString()
        fun items(vararg items: Map<String, Any?>) = mapOf("accountId" to account, "date" to "2026-06-01", "items" to items.toList())
        unchanged(me) {
            // the first item is good and would replace the draft's; the items are written before the checks read them
            assertProblem(me.put("/transactions/draft", items(mapOf("id" to kept) + me.item("2.00"), mapOf("id" to UUID.randomUUID().toString()) + me.item("1.00", theirs))), 400, "items[1].categoryId")
            assertProblem(me.put("/transactions/draft", items(mapOf("id" to kept) + me.item("2.00"), mapOf("id" to UUID.randomUUID().toString()) + me.item("1.00", UUID.randomUUID().toString()))), 400, "items[1].categoryId")
            assertProblem(me.put("/transactions/draft", items(mapOf("id" to kept) + me.item("2.00"), mapOf("id" to kept) + me.item("1.00"))), 400, "items")
            assertProblem(me.put("/transactions/draft", items(mapOf("id" to kept) + me.item("2.00"), me.item("1.00"))), 400, "items[1].id", "items")
            assertProblem(me.putItem(UUID.randomUUID(), "1", theirs), 400, "categoryId")
        }
    }

    @Test
    fun `saving rejects a draft the ledger cannot hold, and keeps the draft`() {
        val (me, _) = readyDraft()
        val jpy = me.account("Yen", "JPY")
        me.put("/transactions/draft", mapOf("accountId" to jpy, "date" to "2026-06-01"))
        unchanged(me) { assertProblem(me.post("/transactions", null), 400, "items[0].amount") }
        val noCategory = UUID.randomUUID()
        me.put("/transactions/draft/items/$noCategory", mapOf("amount" to "2"))
        val eur = me.account("Euro", "EUR")
        me.put("/transactions/draft", mapOf("accountId" to eur))
        unchanged(me) { assertProblem(me.post("/transactions", null), 400, "date", "items[1].categoryId") }
    }

    @Test
    fun `a direct transaction needs an account, a date and items`() {
        val me = Ledger(api)
        val account = me.account()
        assertProblem(me.post("/transactions", mapOf("items" to emptyList<Any>())), 400, "accountId", "date", "items")
        assertProblem(me.transaction(account, "2026-01-01", me.item("1.00"), me.item("2.00", Fixtures.FOOD, "isReduction" to true)), 400, "items")
        assertEquals(0, me.get("/transactions").json.path("items").size())
    }

    @Test
    fun `uploads of the wrong type or size are refused and leave no file`() {
        val (me, _) = readyDraft()
        val item = UUID.randomUUID()
        me.putItem(item, "1")
        unchanged(me) {
            val text = me.upload("/transactions/draft/documents", Fixtures.TEXT, "receipt.pdf")
            assertProblem(text, 415)
            assertEquals("/problems/unsupported-file-type", text.text("type"))
            assertProblem(me.upload("/transactions/draft/items/$item/images", Fixtures.PDF, "photo.jpg"), 415)
            assertProblem(me.upload("/transactions/draft/documents", Fixtures.PDF + ByteArray(1_100_000), "big.pdf"), 413)
            assertProblem(me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "r.pdf", mapOf("kind" to "napkin")), 400, "kind")
            assertProblem(me.upload("/transactions/draft/items/${UUID.randomUUID()}/images", Fixtures.PNG), 404)
        }
    }

    @Test
    fun `limits - 20 items, 10 documents, 10 images per item`() {
        val (me, _) = readyDraft()
        repeat(19) { assertEquals(200, me.putItem(UUID.randomUUID(), "1").status) }
        unchanged(me) { assertProblem(me.putItem(UUID.randomUUID(), "1"), 409) }
        repeat(9) { assertEquals(201, me.upload("/transactions/draft/documents", Fixtures.uniquePdf()).status) }
        unchanged(me) {
            val eleventh = me.upload("/transactions/draft/documents", Fixtures.uniquePdf())
            assertProblem(eleventh, 409)
            assertEquals("/problems/limit-exceeded", eleventh.text("type"))
        }
        val item = me.get("/transactions/draft").json.path("items").first().path("id").asString()
        repeat(10) { i -> assertEquals(201, me.upload("/transactions/draft/items/$item/images", Fixtures.PNG + byteArrayOf(i.toByte())).status) }
        unchanged(me) { assertProblem(me.upload("/transactions/draft/items/$item/images", Fixtures.PNG + byteArrayOf(99)), 409) }
    }

    @Test
    fun `the same file twice in one draft is one document`() {
        val (me, _) = readyDraft()
        val pdf = Fixtures.uniquePdf()
        val first = me.upload("/transactions/draft/documents", pdf, "a.pdf")
        val second = me.upload("/transactions/draft/documents", pdf, "b.pdf")
        assertEquals(first.text("id"), second.text("id"))
        assertEquals(2, me.get("/transactions/draft").json.path("documents").size())
        // stored once: one object named by these bytes' SHA-256 (unique to this test) in the store
        val sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(pdf))
        assertEquals(1, storedFiles().count { it.fileName.toString() == sha })
    }
}

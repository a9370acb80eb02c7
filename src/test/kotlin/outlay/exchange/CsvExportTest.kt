package outlay.exchange

import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import tools.jackson.databind.JsonNode
import kotlin.test.assertEquals

class CsvExportTest : ApiTest() {
    private val household = "00000000-0000-7000-8000-000000000008"
    private val miscellaneous = "00000000-0000-7000-8000-000000000017"

    private fun Ledger.export(filter: Map<String, Any?>): Api.Response = post("/exports/transactions.csv", filter)

    /** Three transactions: one with a reduction and a seller, an income, an older expense. */
    private fun Ledger.sampleLedger(account: String) {
        val seller = Ledger.ok(post("/sellers", mapOf("name" to "Corner Shop")), 201).text("id")
        Ledger.ok(transaction(account, "2026-03-01",
            item("12.40", Fixtures.FOOD, "description" to "Apples"),
            item("1.50", Fixtures.FOOD, "description" to "Coupon", "isReduction" to true),
            item("5.00", household, "description" to "Soap, \"lavender\""),
            extra = mapOf("sellerId" to seller, "note" to "weekly shop", "mode" to "card")), 201)
        Ledger.ok(transaction(account, "2026-03-05", item("2000.00", miscellaneous, "description" to "Salary"),
            extra = mapOf("direction" to "income", "mode" to "transfer")), 201)
        Ledger.ok(transaction(account, "2026-02-10", item("30.00", Fixtures.RENT), extra = mapOf("mode" to "cash")), 201)
    }

    /** What must survive a round trip, per transaction, oldest first. */
    private fun Ledger.ledgerView(): List<List<Any?>> = get("/transactions?limit=200").json.path("items").values()
        .sortedBy { it.path("date").asString() }
        .map { t: JsonNode ->
            listOf(
                t.path("date").asString(), t.path("direction").asString(), t.path("mode").asString(), t.path("sellerName").asString(""),
                t.path("note").asString(""), t.path("total").asString(), t.path("currency").asString(),
                t.path("items").values().map { listOf(it.path("amount").asString(), it.path("isReduction").asBoolean(), it.path("description").asString(""), it.path("category").path("name").asString()) },
            )
        }

    @Test
    fun `the export has the documented columns, applies the statistics filter and imports back unchanged`() {
        val ann = Ledger(api)
        val checking = ann.account("Checking", "EUR")
        ann.sampleLedger(checking)

        val all = ann.export(mapOf("accountIds" to listOf(checking)))
        assertEquals(200, all.status, all.body)
        assertEquals("text/csv;charset=UTF-8", all.header("content-type")?.replace(" ", ""))
        val lines = all.body.trimEnd().lines()
        assertEquals("transaction,date,direction,mode,account,seller,category,description,amount,currency,note", lines.first())
        assertEquals(6, lines.size)
        assertEquals(
            listOf(
                "2026-03-05,income,transfer,Checking,,Miscellaneous,Salary,2000.00,EUR,",
                "2026-03-01,expense,card,Checking,Corner Shop,Food,Apples,-12.40,EUR,weekly shop",
                "2026-03-01,expense,card,Checking,Corner Shop,Food,Coupon,1.50,EUR,weekly shop",
                "2026-03-01,expense,card,Checking,Corner Shop,Household,\"Soap, \"\"lavender\"\"\",-5.00,EUR,weekly shop",
                "2026-02-10,expense,cash,Checking,,Rent,,-30.00,EUR,",
            ),
            lines.drop(1).map { it.substringAfter(',') },
        )
        assertEquals(5, ann.export(mapOf("from" to "2026-03-01")).body.trimEnd().lines().size, "the filter applies: a header and 4 items since March 1st")

        // another user imports the file into an account of the same currency: the same ledger
        val bob = Ledger(api)
        val bobAccount = bob.account("Imported", "EUR")
        val upload = Ledger.ok(bob.upload("/imports", all.body.toByteArray(), "outlay-transactions.csv"), 201).text("id")
        val preview = Ledger.ok(bob.post("/imports/$upload/preview", mapOf("accountId" to bobAccount))).json
        assertEquals("transaction", preview.path("csv").path("columns").path("transaction").asString())
        assertEquals(3, preview.path("toRecord").asInt())
        Ledger.ok(bob.post("/imports/$upload/confirm", mapOf("accountId" to bobAccount)), 201)
        assertEquals(ann.ledgerView(), bob.ledgerView())
        assertEquals(
            ann.post("/statistics/categories", mapOf("accountIds" to listOf(checking))).json.path("categories"),
            bob.post("/statistics/categories", mapOf("accountIds" to listOf(bobAccount))).json.path("categories"),
        )
    }

    @Test
    fun `an export holds only the caller's rows and refuses another user's ids`() {
        val ann = Ledger(api)
        val bob = Ledger(api)
        ann.sampleLedger(ann.account("Ann's", "EUR"))
        val bobAccount = bob.account("Bob's", "EUR")
        bob.sampleLedger(bobAccount)

        val annRows = ann.export(emptyMap()).body.trimEnd().lines().drop(1)
        assertEquals(5, annRows.size)
        assertEquals(listOf("Ann's"), annRows.map { it.split(',')[4] }.distinct())
        val foreign = ann.export(mapOf("accountIds" to listOf(bobAccount)))
        assertEquals(400, foreign.status)
        assertEquals("application/problem+json", foreign.header("content-type"))
    }
}

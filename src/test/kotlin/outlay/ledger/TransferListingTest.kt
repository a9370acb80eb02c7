package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import tools.jackson.databind.JsonNode
import java.util.UUID
import kotlin.test.assertEquals

/** Transfers among the transactions: in both accounts' lists, in the keyset pages, and never in the statistics unless asked. */
class TransferListingTest : ApiTest() {

    private fun Ledger.transfer(from: String, to: String, amount: String, date: String, received: String? = null): JsonNode = ok(
        post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to from, "toAccountId" to to, "date" to date, "amount" to amount, "receivedAmount" to received)),
        201,
    ).json

    private fun JsonNode.items() = path("items").values()

    @Test
    fun `a transfer appears once in the whole list and in each account's list as that account's side`() {
        val me = Ledger(api)
        val eur = me.account("Savings", "EUR")
        val usd = me.account("Card", "USD")
        val t = me.transfer(eur, usd, "100.00", "2026-05-02", received = "108.37")
        val id = t.path("id").asString()

        val all = ok(me.get("/transactions")).json.items()
        assertEquals(listOf(id), all.map { it.path("id").asString() })
        val sending = all.single()
        assertEquals(listOf("transfer", "expense", "transfer", "100.00", "EUR", eur), listOf("kind", "direction", "mode", "total", "currency", "accountId").map { sending.path(it).asString() })
        assertEquals("108.37", sending.path("transfer").path("received").asString())
        assertEquals(0, sending.path("items").size())

        val receiving = ok(me.get("/transactions?accountId=$usd")).json.items().single()
        assertEquals(listOf("income", "108.37", "USD", usd), listOf("direction", "total", "currency", "accountId").map { receiving.path(it).asString() })
        assertEquals("expense", ok(me.get("/transactions?accountId=$eur")).json.items().single().path("direction").asString())
        assertEquals(listOf("2026-05-02"), ok(me.get("/transactions?from=2026-05-02&to=2026-05-02")).json.items().map { it.path("date").asString() })
        assertEquals(0, ok(me.get("/transactions?to=2026-05-01")).json.items().size)
    }

    @Test
    fun `keyset pages over transactions and transfers cover every entry exactly once, newest first`() {
        val me = Ledger(api)
        val a = me.account("A", "EUR")
        val b = me.account("B", "EUR")
        val expected = mutableListOf<Pair<String, String>>()
        repeat(9) { i ->
            val date = "2026-02-${(10 + i / 3).toString().padStart(2, '0')}"
            expected += date to ok(me.transaction(a, date, me.item("$i.10")), 201).text("id")
            if (i % 2 == 0) expected += date to me.transfer(if (i % 4 == 0) a else b, if (i % 4 == 0) b else a, "1.00", date).path("id").asString()
        }
        // the server's order: date, then id as unsigned bytes (client-chosen transfer ids are random, not time-ordered)
        val order = compareByDescending<Pair<String, String>> { it.first }.thenByDescending { it.second.replace("-", "") }
        for (filter in listOf("", "&accountId=$a")) {
            val seen = mutableListOf<String>()
            var cursor: String? = null
            do {
                val page = ok(me.get("/transactions?limit=4$filter" + (cursor?.let { "&cursor=$it" } ?: ""))).json
                seen += page.items().map { it.path("id").asString() }
                cursor = page.path("nextCursor").takeIf { !it.isNull }?.asString()
            } while (cursor != null)
            assertEquals(expected.sortedWith(order).map { it.second }, seen, "filter '$filter'")
        }
    }

    @Test
    fun `statistics never count a transfer unless includeTransfers asks, and then as each account's expense and income`() {
        val me = Ledger(api)
        val eur = me.account("Savings", "EUR")
        val usd = me.account("Card", "USD")
        ok(me.transaction(usd, "2026-03-05", me.item("12.00")), 201)
        ok(me.transaction(eur, "2026-03-06", me.item("50.00"), extra = mapOf("direction" to "income")), 201)
        val filters = listOf(mapOf(), mapOf("from" to "2026-03-01", "to" to "2026-03-31"), mapOf("from" to "2026-03-04", "to" to "2026-03-20"), mapOf("accountIds" to listOf(eur)))
        val endpoints = listOf("summary", "categories", "timeline?granularity=month", "timeline?granularity=day", "accounts", "sellers", "transactions")
        fun answers() = filters.flatMap { f -> endpoints.map { e -> ok(me.post("/statistics/$e", f)).body } }
        val before = answers()
        me.transfer(eur, usd, "20.00", "2026-03-10", received = "21.70")
        me.transfer(usd, eur, "1.00", "2026-03-31", received = "0.92")
        assertEquals(before, answers(), "a transfer changes no statistic")

        val summary = ok(me.post("/statistics/summary", mapOf("includeTransfers" to true))).json.path("totals").values().associateBy { it.path("currency").asString() }
        assertEquals(listOf("20.00", "50.92", "3"), listOf("expenses", "income", "transactionCount").map { summary.getValue("EUR").path(it).asString() })
        assertEquals(listOf("13.00", "21.70", "3"), listOf("expenses", "income", "transactionCount").map { summary.getValue("USD").path(it).asString() })
        val accounts = ok(me.post("/statistics/accounts", mapOf("includeTransfers" to true, "accountIds" to listOf(usd)))).json.path("accounts").values().single()
        assertEquals("8.70", accounts.path("totals").path("net").asString())
        val march = ok(me.post("/statistics/timeline?granularity=month", mapOf("includeTransfers" to true, "from" to "2026-03-01", "to" to "2026-03-31"))).json
        val eurMarch = march.path("periods").values().single().path("totals").values().single { it.path("currency").asString() == "EUR" }
        assertEquals(listOf("20.00", "50.92"), listOf("expenses", "income").map { eurMarch.path(it).asString() })
        // transfers have no category or seller: those filters leave them out even when asked
        for (narrowed in listOf(mapOf("categoryIds" to listOf(Fixtures.FOOD)), mapOf("modes" to listOf("card")), mapOf("text" to "x"))) {
            assertEquals(ok(me.post("/statistics/summary", narrowed)).body, ok(me.post("/statistics/summary", narrowed + ("includeTransfers" to true))).body, "$narrowed")
        }
    }
}

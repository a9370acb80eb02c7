package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class TransferApiTest : ApiTest() {

    private fun transfer(from: String, to: String, amount: String, vararg extra: Pair<String, Any?>) =
        mapOf("id" to UUID.randomUUID().toString(), "fromAccountId" to from, "toAccountId" to to, "date" to "2026-04-10", "amount" to amount) + extra

    @Test
    fun `a transfer is created once, read, edited and deleted, and a retry with its id returns it unchanged`() {
        val me = Ledger(api)
        val checking = me.account("Checking", "EUR")
        val savings = me.account("Savings", "EUR")
        val body = transfer(checking, savings, "100.00", "note" to " rainy day ")
        val created = ok(me.post("/transfers", body), 201)
        assertEquals("/transfers/${body["id"]}", created.header("Location"))
        assertEquals("100.00", created.text("sent"))
        assertEquals("100.00", created.text("received"), "one currency: received is the amount sent")
        assertEquals("rainy day", created.text("note"))
        val retry = ok(me.post("/transfers", body + ("amount" to "999.00")), 200)
        assertEquals(created.body, retry.body, "a retry returns the transfer the first request made")
        assertEquals(created.body, ok(me.get("/transfers/${body["id"]}")).body)

        val edited = ok(me.put("/transfers/${body["id"]}", body + mapOf("amount" to "60.50", "date" to "2026-04-12")))
        assertEquals("60.50", edited.text("sent"))
        assertEquals("2026-04-12", edited.text("date"))
        assertEquals(created.text("createdAt"), edited.text("createdAt"))
        assertEquals(1, ok(me.get("/transfers")).json.path("items").size())

        assertEquals(204, me.delete("/transfers/${body["id"]}").status)
        me.get("/transfers/${body["id"]}").assertProblem(404, "not-found")
        assertEquals(404, me.delete("/transfers/${body["id"]}").status)
        assertEquals(0, ok(me.get("/transfers")).json.path("items").size())
    }

    @Test
    fun `between currencies both amounts are kept exactly, and the received amount is required`() {
        val me = Ledger(api)
        val eur = me.account("Savings", "EUR")
        val jpy = me.account("Yen", "JPY")
        val missing = me.post("/transfers", transfer(eur, jpy, "100.00"))
        missing.assertProblem(400, "validation")
        assertEquals(listOf("receivedAmount"), missing.errorFields)
        val made = ok(me.post("/transfers", transfer(eur, jpy, "100.00", "receivedAmount" to "16237")), 201)
        assertEquals(listOf("100.00", "EUR", "16237", "JPY"), listOf("sent", "sentCurrency", "received", "receivedCurrency").map { made.text(it) })
    }

    @Test
    fun `bad input is a clear problem and changes nothing`() {
        val me = Ledger(api)
        val eur = me.account("A", "EUR")
        val eur2 = me.account("B", "EUR")
        val jpy = me.account("Yen", "JPY")
        val other = Ledger(api).account("Theirs", "EUR")
        val existing = ok(me.post("/transfers", transfer(eur, eur2, "5.00")), 201).text("id")
        val before = listOf("/transfers", "/accounts", "/transactions?accountId=$eur").map { me.get(it).body }
        val cases = listOf(
            transfer(eur, eur, "5.00") to listOf("toAccountId"),
            transfer(eur, UUID.randomUUID().toString(), "5.00") to listOf("toAccountId"),
            transfer(other, eur, "5.00") to listOf("fromAccountId"),
            transfer(eur, other, "5.00") to listOf("toAccountId"),
            transfer(eur, eur2, "-5.00") to listOf("amount"),
            transfer(eur, eur2, "0.00") to listOf("amount"),
            transfer(eur, eur2, "5.001") to listOf("amount"),
            transfer(jpy, eur, "1.5", "receivedAmount" to "0.01") to listOf("amount"),
            transfer(eur, jpy, "1.00", "receivedAmount" to "0") to listOf("receivedAmount"),
            transfer(eur, eur2, "5.00", "receivedAmount" to "4.00") to listOf("receivedAmount"),
            transfer(eur, eur2, "5.00") - "id" to listOf("id"),
            transfer(eur, eur2, "5.00") - "date" to listOf("date"),
            transfer(eur, eur2, "5.00") - "amount" to listOf("amount"),
        )
        for ((body, fields) in cases) {
            val response = me.post("/transfers", body)
            response.assertProblem(400, "validation")
            assertEquals(fields, response.errorFields, "$body: ${response.body}")
            if ("id" !in fields) {
                val edit = me.put("/transfers/$existing", body)
                assertEquals(400, edit.status, "the same body refused on edit: ${edit.body}")
            }
        }
        me.post("/transfers", """{"amount": "5.00", """).assertProblem(400, "malformed-body") // truncated JSON
        assertEquals(before, listOf("/transfers", "/accounts", "/transactions?accountId=$eur").map { me.get(it).body })
    }

    @Test
    fun `another user's transfer is not found by any endpoint and stays as it was`() {
        val owner = Ledger(api)
        val a = owner.account("A", "EUR")
        val b = owner.account("B", "EUR")
        val theirs = ok(owner.post("/transfers", transfer(a, b, "7.00")), 201)
        val id = theirs.text("id")
        val me = Ledger(api)
        val mine = me.account("Mine", "EUR")
        val mine2 = me.account("Mine too", "EUR")
        me.get("/transfers/$id").assertProblem(404, "not-found")
        me.put("/transfers/$id", transfer(mine, mine2, "1.00")).assertProblem(404, "not-found")
        me.delete("/transfers/$id").assertProblem(404, "not-found")
        assertEquals(0, ok(me.get("/transfers?accountId=$a")).json.path("items").size())
        assertEquals(0, ok(me.get("/transactions?accountId=$a")).json.path("items").size())
        // their id in my create is simply a transfer of my own: ids are unique per user, and taking one tells nothing
        assertEquals("1.00", ok(me.post("/transfers", transfer(mine, mine2, "1.00") + ("id" to id)), 201).text("sent"))
        assertEquals(theirs.body, ok(owner.get("/transfers/$id")).body)
        assertEquals("-7.00", ok(owner.get("/accounts/$a")).text("balance"))
    }

    @Test
    fun `a transfer id that is one of my transactions is refused`() {
        val me = Ledger(api)
        val a = me.account("A", "EUR")
        val b = me.account("B", "EUR")
        val transaction = ok(me.transaction(a, "2026-04-01", me.item("3.00")), 201).text("id")
        me.post("/transfers", transfer(a, b, "1.00") + ("id" to transaction)).assertProblem(409, "conflict")
        assertTrue(ok(me.get("/transfers")).json.path("items").isEmpty)
    }

    @Test
    fun `a backwards date range is the same documented 400 naming from in both lists, an equal one lists the day`() {
        val me = Ledger(api)
        val a = me.account("A", "EUR")
        val b = me.account("B", "EUR")
        ok(me.post("/transfers", transfer(a, b, "2.00")), 201)
        ok(me.transaction(a, "2026-04-10", me.item("3.00")), 201)
        val parameters = api.get("/v3/api-docs").json.path("paths")
        for ((list, listed) in mapOf("/transfers" to 1, "/transactions" to 2)) { // the transaction list shows transfers too
            val backwards = me.get("$list?from=2026-04-11&to=2026-04-10")
            backwards.assertProblem(400, "validation")
            assertEquals(listOf("from"), backwards.errorFields)
            assertEquals(TransactionService.FROM_AFTER_TO, backwards.json.path("errors")[0].path("message").asString())
            assertEquals(listed, ok(me.get("$list?from=2026-04-10&to=2026-04-10")).json.path("items").size(), list)
            val from = parameters.path(list).path("get").path("parameters").values().single { it.path("name").asString() == "from" }
            assertEquals(TransactionService.FROM_DESCRIPTION, from.path("description").asString(), "$list documents the rule on from")
            assertTrue(parameters.path(list).path("get").path("responses").path("400").path("content").has("application/problem+json"))
        }
    }

    private operator fun Map<String, Any?>.minus(key: String) = filterKeys { it != key }
}

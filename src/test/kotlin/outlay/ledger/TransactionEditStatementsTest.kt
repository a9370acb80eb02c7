package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import java.util.UUID
import kotlin.test.assertEquals

/** An edit of a saved transaction writes its items in a constant number of statements, however many it has. */
class TransactionEditStatementsTest : ApiTest() {

    @Test
    fun `an edit takes as many statements for nineteen new items as for one, and keeps, changes and drops the right ones`() {
        val me = Ledger(api)
        val account = me.account()
        val kept = UUID.randomUUID().toString()
        val dropped = UUID.randomUUID().toString()
        val created = ok(me.post("/transactions", body(account, listOf(kept to "1.00", dropped to "2.00"))), 201)
        val id = created.text("id")
        fun edit(newItems: Int): Int {
            val items = listOf(kept to "3.00") + List(newItems) { UUID.randomUUID().toString() to "0.50" }
            val (response, count) = statements.count { me.put("/transactions/$id", body(account, items)) }
            ok(response)
            return count
        }
        val forOne = edit(1)
        val forNineteen = edit(19)
        assertEquals(forOne, forNineteen, "statements of an edit with 1 and with 19 new items (20 in all, the most a transaction has)")
        val after = ok(me.get("/transactions/$id")).json
        val amounts = after.path("items").values().map { it.path("id").asString() to it.path("amount").asString() }
        assertEquals(20, amounts.size)
        assertEquals(kept to "3.00", amounts.first())
        assertEquals(false, amounts.any { it.first == dropped })
        assertEquals("12.50", after.path("total").asString())
    }

    private fun body(account: String, items: List<Pair<String, String>>) = mapOf(
        "accountId" to account, "date" to "2026-03-14",
        "items" to items.map { (id, amount) -> mapOf("id" to id, "amount" to amount, "categoryId" to Fixtures.FOOD) },
    )
}

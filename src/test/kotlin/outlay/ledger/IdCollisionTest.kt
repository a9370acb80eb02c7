package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.util.UUID
import kotlin.test.assertEquals

/**
 * Transaction ids are the client's choice, so two people can pick the same one (by chance, or one
 * of them on purpose). Each gets their own record under it; neither learns that the other's
 * exists, and neither one's reads, statistics, attachments or delete touch the other's.
 */
class IdCollisionTest : ApiTest() {

    private fun create(me: Ledger, id: UUID, account: String, amount: String, description: String) =
        me.post("/transactions", mapOf(
            "id" to id, "accountId" to account, "date" to "2026-04-02",
            "items" to listOf(mapOf("id" to id, "amount" to amount, "categoryId" to Fixtures.FOOD, "description" to description)),
        ))

    private fun spent(me: Ledger) =
        me.post("/statistics/summary", mapOf("from" to "2026-04-01", "to" to "2026-04-30")).json.path("totals").first().path("expenses").asString()

    @Test
    fun `the same transaction id for two people is two records, each seen only by its owner`() {
        val ann = Ledger(api)
        val bob = Ledger(api)
        val id = UUID.randomUUID()
        assertEquals(201, create(ann, id, ann.account(), "10.00", "Ann's lunch").status)
        assertEquals(201, ann.upload("/transactions/$id/documents", Fixtures.uniquePdf()).status)

        val bobs = create(bob, id, bob.account(), "3.00", "Bob's coffee")
        assertEquals(201, bobs.status, "the id is free for Bob: nothing says it is taken: $bobs")
        assertEquals(id.toString(), bobs.text("id"))
        assertEquals(200, create(bob, id, bob.account(), "3.00", "Bob's coffee").status, "a retry finds Bob's own record")

        assertEquals("Ann's lunch", ann.get("/transactions/$id").json.path("items").first().path("description").asString())
        assertEquals(1, ann.get("/transactions/$id").json.path("documents").size())
        assertEquals("Bob's coffee", bob.get("/transactions/$id").json.path("items").first().path("description").asString())
        assertEquals(0, bob.get("/transactions/$id").json.path("documents").size())
        assertEquals("10.00", spent(ann))
        assertEquals("3.00", spent(bob))
        val items = bob.post("/statistics/transactions", mapOf("from" to "2026-04-01", "to" to "2026-04-30")).json.path("items")
        assertEquals(listOf("Bob's coffee"), items.values().map { it.path("description").asString() })
        val withDocument = bob.post("/statistics/summary", mapOf("from" to "2026-04-01", "to" to "2026-04-30", "hasDocument" to true)).json.path("totals")
        assertEquals(0, withDocument.size(), "Ann's receipt is not Bob's: $withDocument")

        assertEquals(204, bob.delete("/transactions/$id").status)
        assertEquals(404, bob.get("/transactions/$id").status)
        val annsAfter = ann.get("/transactions/$id")
        assertEquals(200, annsAfter.status)
        assertEquals(1, annsAfter.json.path("items").size())
        assertEquals(1, annsAfter.json.path("documents").size())
        assertEquals("10.00", spent(ann))
    }
}

package outlay.sellers

import org.junit.jupiter.api.Test
import outlay.recurring.RecurringApiTest
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** Deleting a seller: gone when nothing names it, archived (and out of the pickers) when something does. */
class SellerRemovalTest : ApiTest() {

    private fun Ledger.seller(name: String) = ok(post("/sellers", mapOf("name" to name, "locations" to listOf(mapOf("latitude" to 52.5, "longitude" to 13.4)))), 201).text("id")

    private fun Ledger.names(query: String = "") = ok(get("/sellers$query")).json.values().map { it.path("name").asString() }

    @Test
    fun `an unused seller is deleted with its locations, a used one is archived and can be restored`() {
        val me = Ledger(api)
        val account = me.account()
        val unused = me.seller("Typo Shop")
        val used = me.seller("Bakery")
        assertEquals(201, me.transaction(account, "2026-03-02", me.item("2.40"), extra = mapOf("sellerId" to used)).status)

        assertEquals(204, me.delete("/sellers/$unused").status)
        assertEquals(404, me.get("/sellers/$unused").status)

        val archived = me.delete("/sellers/$used")
        assertEquals(200, archived.status, archived.body)
        assertTrue(archived.json.path("archived").asBoolean())
        assertEquals(listOf<String>(), me.names(), "an archived seller leaves the list")
        assertEquals(listOf("Bakery"), me.names("?includeArchived=true"))
        assertTrue(ok(me.get("/sellers/nearby?lat=52.5&lon=13.4")).json.isEmpty, "nor is it suggested nearby")
        assertEquals(used, ok(me.get("/transactions")).json.path("items").first().path("sellerId").asString(), "the transaction keeps its seller")

        val restored = ok(me.put("/sellers/$used", mapOf("name" to "Bakery", "archived" to false)))
        assertFalse(restored.json.path("archived").asBoolean())
        ok(me.put("/sellers/$used", mapOf("name" to "Corner Bakery")))
        assertEquals(listOf("Corner Bakery"), me.names(), "a rename without the flag keeps it as it was")
        assertEquals(1, ok(me.get("/sellers/nearby?lat=52.5&lon=13.4")).json.size())
    }

    @Test
    fun `a seller named only by the draft or a recurring rule is archived, not deleted`() {
        val me = Ledger(api)
        val account = me.account()
        val inRule = me.seller("Landlord")
        ok(me.post("/recurring-rules", RecurringApiTest.rentRule(account, "sellerId" to inRule)), 201)
        assertEquals(200, me.delete("/sellers/$inRule").status)
        assertEquals(200, me.get("/sellers/$inRule").status)

        val inDraft = me.seller("Kiosk")
        me.newDraft()
        ok(me.put("/transactions/draft", mapOf("accountId" to account, "sellerId" to inDraft)))
        assertEquals(200, me.delete("/sellers/$inDraft").status)
        assertTrue(ok(me.get("/sellers/$inDraft")).json.path("archived").asBoolean())
    }
}

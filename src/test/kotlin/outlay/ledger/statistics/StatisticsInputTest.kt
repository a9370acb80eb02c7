package outlay.ledger.statistics

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import kotlin.test.assertEquals

/** Foreign or unknown ids are a 400, never a silent empty result; no filter reaches another user's rows. */
class StatisticsInputTest : ApiTest() {

    @Test
    fun `another user's ids in a filter are rejected, and their data never counted`() {
        val alice = Ledger(api)
        val account = alice.account()
        val category = alice.post("/categories", mapOf("name" to "Mine", "icon" to "star")).text("id")
        val seller = alice.post("/sellers", mapOf("name" to "Her shop")).text("id")
        alice.transaction(account, "2026-01-05", alice.item("5.00", category), extra = mapOf("sellerId" to seller))

        val bob = Ledger(api)
        bob.account()
        for (endpoint in listOf("summary", "categories", "timeline", "accounts", "sellers", "transactions")) {
            val response = bob.post("/statistics/$endpoint", mapOf("accountIds" to listOf(account), "categoryIds" to listOf(category), "sellerIds" to listOf(seller)))
            assertEquals(400, response.status, "$endpoint: $response")
            assertEquals(setOf("accountIds", "categoryIds", "sellerIds"), response.errorFields.toSet())
            assertEquals(200, bob.post("/statistics/$endpoint", emptyMap<String, Any>()).status)
        }
        assertEquals(0, bob.post("/statistics/summary", emptyMap<String, Any>()).json.path("totals").size())
        assertEquals(0, bob.post("/statistics/transactions", emptyMap<String, Any>()).json.path("items").size())
        assertEquals(0, bob.post("/statistics/categories", mapOf("categoryIds" to listOf(Fixtures.FOOD))).json.path("categories").size())
        assertEquals("5.00", alice.post("/statistics/summary", emptyMap<String, Any>()).json.path("totals").first().path("expenses").asString())
    }

    @Test
    fun `malformed filters are field errors`() {
        val me = Ledger(api)
        assertEquals(listOf("weekdays"), me.post("/statistics/summary", mapOf("weekdays" to listOf(0, 8))).errorFields)
        assertEquals(listOf("from"), me.post("/statistics/summary", mapOf("from" to "2026-02-01", "to" to "2026-01-01")).errorFields)
        assertEquals(listOf("modes[0]"), me.post("/statistics/summary", mapOf("modes" to listOf("barter"))).errorFields)
        assertEquals(listOf("accountIds[0]"), me.post("/statistics/summary", mapOf("accountIds" to listOf("nope"))).errorFields)
        assertEquals(listOf("granularity"), me.post("/statistics/timeline?granularity=year", emptyMap<String, Any>()).errorFields)
        assertEquals(listOf("limit"), me.post("/statistics/sellers?limit=0", emptyMap<String, Any>()).errorFields)
        assertEquals(listOf("limit"), me.post("/statistics/transactions?limit=500", emptyMap<String, Any>()).errorFields)
        assertEquals(400, me.post("/statistics/summary", "[1,2]").status)
    }
}

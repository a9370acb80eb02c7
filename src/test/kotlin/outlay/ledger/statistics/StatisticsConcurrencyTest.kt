package outlay.ledger.statistics

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.util.UUID
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import kotlin.random.Random
import kotlin.test.assertEquals

/**
 * The monthly totals stay exact under concurrent creates, edits and deletes of one
 * user's transactions (all touching the same few totals rows): after the storm they equal a
 * computation from the items themselves.
 */
class StatisticsConcurrencyTest : ApiTest() {

    @Test
    fun `category totals survive concurrent writers`() {
        val me = Ledger(api)
        val accounts = listOf(me.account("EUR", "EUR"), me.account("JPY", "JPY"))
        val sellers = listOf(null, me.post("/sellers", mapOf("name" to "A")).text("id"), me.post("/sellers", mapOf("name" to "B")).text("id"))
        val child = me.post("/categories", mapOf("name" to "Bakery", "icon" to "bakery_dining", "parentId" to Fixtures.FOOD)).text("id")
        val categories = listOf(Fixtures.FOOD, Fixtures.RENT, child)
        val pool = Executors.newFixedThreadPool(8)
        val results = pool.invokeAll((1..8).map { worker ->
            Callable {
                val random = Random(worker)
                val mine = mutableListOf<String>()
                repeat(12) {
                    fun items() = (1..(1 + random.nextInt(3))).map {
                        mapOf("id" to UUID.randomUUID().toString(), "amount" to "${random.nextInt(1, 500)}", "categoryId" to categories[random.nextInt(categories.size)])
                    }
                    val date = "2024-0${1 + random.nextInt(3)}-1${random.nextInt(10)}"
                    when {
                        mine.isEmpty() || random.nextInt(3) == 0 ->
                            mine += Ledger.ok(me.post("/transactions", mapOf("accountId" to accounts.random(random), "date" to date, "sellerId" to sellers.random(random), "items" to items())), 201).text("id")
                        random.nextBoolean() ->
                            Ledger.ok(me.put("/transactions/${mine.random(random)}", mapOf("accountId" to accounts.random(random), "date" to date, "sellerId" to sellers.random(random), "direction" to listOf("expense", "income").random(random), "items" to items())))
                        else -> Ledger.ok(me.delete("/transactions/${mine.removeAt(random.nextInt(mine.size))}"), 204)
                    }
                }
                mine.size
            }
        })
        pool.shutdown()
        // every transaction a writer kept is counted once in the monthly totals, none it deleted
        val kept = results.sumOf { it.get() }
        val counted = me.post("/statistics/summary", emptyMap<String, Any>()).json.path("totals").sumOf { it.path("transactionCount").asInt() }
        assertEquals(kept, counted)

        val allDays = mapOf("weekdays" to (1..7).toList()) // the same rows, but computed from the items
        for (endpoint in listOf("categories?rollUp=false", "categories?rollUp=true", "summary", "timeline?granularity=month", "accounts", "sellers?limit=200")) {
            for (range in listOf(emptyMap(), mapOf("from" to "2024-01-12", "to" to "2024-03-01"))) {
                val fromTotals = me.post("/statistics/$endpoint", range).body
                val fromItems = me.post("/statistics/$endpoint", range + allDays).body
                assertEquals(fromItems, fromTotals, "$endpoint range=$range")
            }
        }
        assertEquals(true, me.post("/statistics/categories", emptyMap<String, Any>()).json.path("categories").size() > 0)
    }
}

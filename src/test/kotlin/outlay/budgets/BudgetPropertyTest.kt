package outlay.budgets

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import java.math.BigDecimal
import java.time.LocalDate
import java.time.YearMonth
import java.util.UUID
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Spent per budget, as `/budgets/status` reads it from the monthly totals, against a plain
 * recomputation over the transactions the test recorded: through random creates, edits and
 * deletes of past transactions, transfers (never spending), income, reductions, child categories
 * (rolled up into a budgeted parent) and a second currency (reported unconverted).
 */
class BudgetPropertyTest : ApiTest() {

    private data class Item(val category: String, val minor: Long)
    private data class Recorded(val date: LocalDate, val currency: String, val income: Boolean, val items: List<Item>)

    @Test
    fun `spent per budget equals a recomputation over the transactions through random edits and deletes`() {
        val random = Random(20261123)
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val accounts = listOf(me.account("Wallet", "EUR") to "EUR", me.account("Savings", "EUR") to "EUR", me.account("Card", "USD") to "USD")
        val parent = ok(me.post("/categories", mapOf("name" to "Hobbies", "icon" to "category")), 201).text("id")
        val child = ok(me.post("/categories", mapOf("name" to "Models", "icon" to "category", "parentId" to parent)), 201).text("id")
        val categories = listOf(Fixtures.FOOD, Fixtures.RENT, parent, child)
        // budget -> the categories whose items count against it (null: overall, every category)
        val budgets: Map<String?, Set<String>> = mapOf(null to categories.toSet(), Fixtures.FOOD to setOf(Fixtures.FOOD), parent to setOf(parent, child), child to setOf(child))
        budgets.keys.forEach { ok(me.put("/budgets/${it ?: "overall"}", mapOf("amount" to "100"))) }
        val recorded = mutableMapOf<String, Recorded>()
        val transfers = mutableListOf<String>()
        fun format(minor: Long) = BigDecimal.valueOf(minor, 2).toPlainString()

        fun write(id: String?) {
            val (account, currency) = accounts.random(random)
            val date = LocalDate.of(2026, 1, 1).plusDays(random.nextLong(180))
            val income = random.nextInt(5) == 0
            val items = List(1 + random.nextInt(3)) { Item(categories.random(random), 1L + random.nextLong(10_000)) }
            val reduction = if (items.size > 1 && random.nextBoolean()) Item(items[0].category, items[0].minor / 2) else null
            val body = mapOf(
                "accountId" to account, "date" to date.toString(), "direction" to if (income) "income" else "expense",
                "items" to (items.map { me.item(format(it.minor), it.category) } + listOfNotNull(reduction?.let { me.item(format(it.minor), it.category, "isReduction" to true) }))
                    .map { mapOf("id" to UUID.randomUUID().toString()) + it },
            )
            val saved = if (id == null) ok(me.post("/transactions", body), 201) else ok(me.put("/transactions/$id", body))
            recorded[saved.text("id")] = Recorded(date, currency, income, items + listOfNotNull(reduction?.copy(minor = -reduction.minor)))
        }

        fun check(step: Int) {
            for (month in (1..6).map { YearMonth.of(2026, it) }) {
                val lines = ok(me.get("/budgets/status?month=$month")).json.path("budgets").values()
                    .associateBy { it.path("categoryId").takeIf { n -> !n.isNull }?.asString() }
                for ((budget, counted) in budgets) {
                    fun spent(currency: String, months: (YearMonth) -> Boolean) = recorded.values
                        .filter { !it.income && it.currency == currency && months(YearMonth.from(it.date)) }
                        .sumOf { r -> r.items.filter { it.category in counted }.sumOf { it.minor } }
                    val line = lines.getValue(budget)
                    assertEquals(format(spent("EUR") { it == month }), line.path("month").path("spent").asString(), "step $step, $month, budget $budget")
                    assertEquals(format(spent("EUR") { it <= month }), line.path("yearToDate").path("spent").asString(), "step $step, $month, budget $budget (year)")
                    val usd = line.path("unconverted").values().associate { it.path("currency").asString() to it.path("year").asString() }
                    val expectedUsd = spent("USD") { it <= month }
                    // a currency shows up while it has non-zero rows; its sum is what was spent in it
                    assertEquals(format(expectedUsd), usd["USD"] ?: "0.00", "step $step, $month, budget $budget (USD)")
                }
            }
        }

        repeat(40) { step ->
            when (random.nextInt(8)) {
                0, 1, 2 -> write(null)
                3, 4 -> recorded.keys.randomOrNull(random)?.let { write(it) } ?: write(null)
                5 -> recorded.keys.randomOrNull(random)?.let { assertEquals(204, me.delete("/transactions/$it").status); recorded.remove(it) }
                else -> {
                    val (from, to) = accounts.take(2).shuffled(random)
                    transfers += ok(me.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to from.first, "toAccountId" to to.first,
                        "date" to LocalDate.of(2026, 1, 1).plusDays(random.nextLong(180)).toString(), "amount" to format(1L + random.nextLong(50_000)))), 201).text("id")
                }
            }
            if (step % 10 == 9) check(step)
        }
        assertTrue(recorded.size > 5 && transfers.size > 2, "the sequence exercised both kinds: ${recorded.size} transactions, ${transfers.size} transfers")
    }
}

package outlay.budgets

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import java.math.BigDecimal
import java.math.RoundingMode
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
 * (rolled up into a budgeted parent) and a second currency, converted as the statistics convert:
 * each transaction at the nearest CAD/EUR rate on or before its day (entered either way; an
 * inverted rate rounded half-even to 10 decimals), summed exactly, rounded once half-even; CAD on
 * days before any rate is reported unconverted, never counted 1:1. A second user writes on the
 * same days and categories throughout: each user's figures are their own transactions' only
 * (the monthly and the day totals are per user). Months whose rate changes are read by day, the
 * others by month, so both kinds of totals are checked after every kind of write.
 */
class BudgetPropertyTest : ApiTest() {

    private data class Item(val category: String, val minor: Long)
    private data class Recorded(val date: LocalDate, val currency: String, val income: Boolean, val items: List<Item>)
    private data class Rate(val base: String, val quote: String, val day: LocalDate, val rate: BigDecimal)

    /** A user, their accounts (id to currency) and what the test recorded for them: the model the server must agree with. */
    private class Book(val ledger: Ledger, val accounts: List<Pair<String, String>>) {
        val recorded = mutableMapOf<String, Recorded>()
        // (base, quote, day) -> rate
        val rates = mutableMapOf<Triple<String, String, LocalDate>, Rate>()
    }

    /** The model's CAD to EUR rate on [day], or null: the nearest entered rate on or before it, the asked direction first on one day. */
    private fun rate(rates: Collection<Rate>, day: LocalDate): BigDecimal? {
        val best = rates.filter { !it.day.isAfter(day) }.maxWithOrNull(compareBy<Rate> { it.day }.thenBy { if (it.base == "CAD") 1 else 0 }) ?: return null
        return if (best.base == "CAD") best.rate else BigDecimal.ONE.divide(best.rate, 10, RoundingMode.HALF_EVEN)
    }

    @Test
    fun `spent per budget equals a recomputation over the transactions through random edits and deletes`() {
        val random = Random(20261123)
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val accounts = listOf(me.account("Wallet", "EUR") to "EUR", me.account("Savings", "EUR") to "EUR", me.account("Card", "CAD") to "CAD")
        val mine = Book(me, accounts)
        // the other user: the same categories (built-in Food and Rent) and days; one rate of their own from mid-March (their
        // March read by day, the months before it unconverted), none of mine
        val stranger = Ledger(api)
        ok(stranger.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val theirs = Book(stranger, listOf(stranger.account("Wallet", "EUR") to "EUR", stranger.account("Card", "CAD") to "CAD"))
        ok(stranger.put("/rates/CAD/EUR/2026-03-15", mapOf("rate" to "0.5")))
        theirs.rates[Triple("CAD", "EUR", LocalDate.of(2026, 3, 15))] = Rate("CAD", "EUR", LocalDate.of(2026, 3, 15), BigDecimal("0.5"))
        val parent = ok(me.post("/categories", mapOf("name" to "Hobbies", "icon" to "category")), 201).text("id")
        val child = ok(me.post("/categories", mapOf("name" to "Models", "icon" to "category", "parentId" to parent)), 201).text("id")
        val categories = listOf(Fixtures.FOOD, Fixtures.RENT, parent, child)
        // budget -> the categories whose items count against it (null: overall, every category)
        val budgets: Map<String?, Set<String>> = mapOf(null to categories.toSet(), Fixtures.FOOD to setOf(Fixtures.FOOD), parent to setOf(parent, child), child to setOf(child))
        budgets.keys.forEach { ok(me.put("/budgets/${it ?: "overall"}", mapOf("amount" to "100"))) }
        val theirBudgets: Map<String?, Set<String>> = mapOf(null to setOf(Fixtures.FOOD, Fixtures.RENT), Fixtures.FOOD to setOf(Fixtures.FOOD))
        theirBudgets.keys.forEach { ok(stranger.put("/budgets/${it ?: "overall"}", mapOf("amount" to "100"))) }
        val recorded = mine.recorded
        val transfers = mutableListOf<String>()
        // none before February, so January's CAD stays unconverted
        val rates = mine.rates
        fun format(minor: Long) = BigDecimal.valueOf(minor, 2).toPlainString()
        fun addRate() {
            val (base, quote) = if (random.nextInt(3) == 0) "EUR" to "CAD" else "CAD" to "EUR"
            val rate = Rate(base, quote, LocalDate.of(2026, 2, 1).plusDays(random.nextLong(150)), BigDecimal.valueOf(random.nextLong(50_000_000, 200_000_000), 8))
            ok(me.put("/rates/$base/$quote/${rate.day}", mapOf("rate" to rate.rate.toPlainString())))
            rates[Triple(base, quote, rate.day)] = rate
        }
        repeat(3) { addRate() }

        fun write(book: Book, id: String?, categories: List<String>) {
            val (account, currency) = book.accounts.random(random)
            val date = LocalDate.of(2026, 1, 1).plusDays(random.nextLong(180))
            val income = random.nextInt(5) == 0
            val items = List(1 + random.nextInt(3)) { Item(categories.random(random), 1L + random.nextLong(10_000)) }
            val reduction = if (items.size > 1 && random.nextBoolean()) Item(items[0].category, items[0].minor / 2) else null
            val body = mapOf(
                "accountId" to account, "date" to date.toString(), "direction" to if (income) "income" else "expense",
                "items" to (items.map { book.ledger.item(format(it.minor), it.category) } + listOfNotNull(reduction?.let { book.ledger.item(format(it.minor), it.category, "isReduction" to true) }))
                    .map { mapOf("id" to UUID.randomUUID().toString()) + it },
            )
            val saved = if (id == null) ok(book.ledger.post("/transactions", body), 201) else ok(book.ledger.put("/transactions/$id", body))
            book.recorded[saved.text("id")] = Recorded(date, currency, income, items + listOfNotNull(reduction?.copy(minor = -reduction.minor)))
        }

        fun check(book: Book, budgets: Map<String?, Set<String>>, step: Int) {
            val recorded = book.recorded
            val rates = book.rates
            for (month in (1..6).map { YearMonth.of(2026, it) }) {
                val (status, count) = statements.count { ok(book.ledger.get("/budgets/status?month=$month")).json }
                // preferences, budgets, names, monthly totals, rates (two), and the day totals of every scope in one statement
                assertTrue(count <= 7, "step $step, $month: $count statements")
                val lines = status.path("budgets").values()
                    .associateBy { it.path("categoryId").takeIf { n -> !n.isNull }?.asString() }
                for ((budget, counted) in budgets) {
                    fun expenses(months: (YearMonth) -> Boolean) = recorded.values.filter { !it.income && months(YearMonth.from(it.date)) }
                    fun minor(r: Recorded) = r.items.filter { it.category in counted }.sumOf { it.minor }
                    /** In EUR: each transaction on its own (EUR as it is, CAD at its day's rate), summed exactly, rounded once. */
                    fun spent(months: (YearMonth) -> Boolean) = expenses(months).sumOf { r ->
                        val amount = BigDecimal.valueOf(minor(r), 2)
                        if (r.currency == "EUR") amount else rate(rates.values, r.date)?.let { amount * it } ?: BigDecimal.ZERO
                    }.setScale(2, RoundingMode.HALF_EVEN).toPlainString()
                    fun unconverted(months: (YearMonth) -> Boolean) =
                        format(expenses(months).filter { it.currency == "CAD" && rate(rates.values, it.date) == null }.sumOf { minor(it) })
                    val line = lines.getValue(budget)
                    assertEquals(spent { it == month }, line.path("month").path("spent").asString(), "step $step, $month, budget $budget")
                    assertEquals(spent { it <= month }, line.path("yearToDate").path("spent").asString(), "step $step, $month, budget $budget (year)")
                    val usd = line.path("unconverted").values().associate { it.path("currency").asString() to listOf(it.path("month").asString(), it.path("year").asString()) }
                    // a currency shows up while it has unconverted spending; its sums are what was spent in it without a rate
                    assertEquals(listOf(unconverted { it == month }, unconverted { it <= month }), usd["CAD"] ?: listOf("0.00", "0.00"), "step $step, $month, budget $budget (CAD)")
                }
            }
        }

        fun write(id: String?) = write(mine, id, categories)
        repeat(40) { step ->
            // the stranger's own creates, edits and deletes, on the same days, categories and currency
            when (random.nextInt(4)) {
                0 -> write(theirs, null, listOf(Fixtures.FOOD, Fixtures.RENT))
                1 -> theirs.recorded.keys.randomOrNull(random)?.let { write(theirs, it, listOf(Fixtures.FOOD, Fixtures.RENT)) }
                2 -> theirs.recorded.keys.randomOrNull(random)?.let { assertEquals(204, stranger.delete("/transactions/$it").status); theirs.recorded.remove(it) }
            }
            when (random.nextInt(9)) {
                8 -> addRate()
                0, 1, 2 -> write(null)
                3, 4 -> recorded.keys.randomOrNull(random)?.let { write(it) } ?: write(null)
                5 -> recorded.keys.randomOrNull(random)?.let { assertEquals(204, me.delete("/transactions/$it").status); recorded.remove(it) }
                else -> {
                    val (from, to) = accounts.take(2).shuffled(random)
                    transfers += ok(me.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to from.first, "toAccountId" to to.first,
                        "date" to LocalDate.of(2026, 1, 1).plusDays(random.nextLong(180)).toString(), "amount" to format(1L + random.nextLong(50_000)))), 201).text("id")
                }
            }
            if (step % 10 == 9) {
                check(mine, budgets, step)
                check(theirs, theirBudgets, step)
            }
        }
        assertTrue(recorded.size > 5 && transfers.size > 2, "the sequence exercised both kinds: ${recorded.size} transactions, ${transfers.size} transfers")
        assertTrue(theirs.recorded.size > 2, "the stranger recorded too: ${theirs.recorded.size}")
    }
}

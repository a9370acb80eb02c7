package outlay.ledger.statistics

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.assertProblem
import tools.jackson.databind.JsonNode
import java.math.BigDecimal
import java.math.RoundingMode
import java.time.LocalDate
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Statistics in the home currency (`inHome=true`) against a plain recomputation: every transaction
 * converted on its own at the nearest rate on or before its day (an inverted rate rounded half-even
 * to 10 decimals), summed exactly, rounded once half-even to the home currency's cents.
 */
class StatisticsHomeCurrencyTest : ApiTest() {
    private val digits = mapOf("EUR" to 2, "CHF" to 2, "KRW" to 0, "BHD" to 3)
    private val start: LocalDate = LocalDate.of(2024, 1, 20)

    private data class Tx(val account: String, val currency: String, val day: LocalDate, val income: Boolean, val minor: Long, val category: String)

    /** Rates as entered: base, quote, day, rate. */
    private data class Rate(val base: String, val quote: String, val day: LocalDate, val rate: BigDecimal)

    private fun amount(minor: Long, currency: String) = BigDecimal.valueOf(minor, digits.getValue(currency))

    /** The model's rate from [currency] to EUR on [day], or null: the nearest entered rate on or before it, inverted when entered the other way. */
    private fun rate(rates: List<Rate>, currency: String, day: LocalDate): BigDecimal? {
        if (currency == "EUR") return BigDecimal.ONE
        val best = rates.filter { !it.day.isAfter(day) && setOf(it.base, it.quote) == setOf(currency, "EUR") }
            .maxWithOrNull(compareBy<Rate> { it.day }.thenBy { if (it.base == currency) 1 else 0 }) ?: return null
        return if (best.base == currency) best.rate else BigDecimal.ONE.divide(best.rate, 10, RoundingMode.HALF_EVEN)
    }

    private fun post(me: Ledger, path: String, body: Any = emptyMap<String, Any>()) = Ledger.ok(me.post("$path${if ('?' in path) '&' else '?'}inHome=true", body)).json

    /** (expenses, income) in EUR as strings, and the unconverted (currency -> expenses, income) of [txs]. */
    private fun expected(txs: List<Tx>, rates: List<Rate>): Pair<List<String>, Map<String, List<String>>> {
        var expenses = BigDecimal.ZERO
        var income = BigDecimal.ZERO
        val unconverted = mutableMapOf<String, LongArray>()
        txs.forEach { t ->
            val r = rate(rates, t.currency, t.day)
            if (r == null) unconverted.getOrPut(t.currency) { LongArray(2) }[if (t.income) 1 else 0] += t.minor
            else if (t.income) income += amount(t.minor, t.currency) * r else expenses += amount(t.minor, t.currency) * r
        }
        fun eur(v: BigDecimal) = v.setScale(2, RoundingMode.HALF_EVEN).toPlainString()
        return listOf(eur(expenses), eur(income)) to unconverted.mapValues { (c, v) -> listOf(amount(v[0], c).toPlainString(), amount(v[1], c).toPlainString()) }
    }

    private fun check(totals: List<JsonNode>, txs: List<Tx>, rates: List<Rate>, where: String) {
        val (home, unconverted) = expected(txs, rates)
        val byCurrency = totals.associate { it.path("currency").asString() to listOf(it.path("expenses").asString(), it.path("income").asString()) }
        val converted = txs.filter { rate(rates, it.currency, it.day) != null }
        assertEquals(if (converted.isEmpty()) null else home, byCurrency["EUR"], "$where: EUR")
        assertEquals(unconverted, byCurrency - "EUR", "$where: unconverted")
    }

    @Test
    fun `home-currency totals of every grouping agree with converting each transaction`() {
        val random = Random(16)
        val me = Ledger(api)
        Ledger.ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val accounts = digits.keys.associateWith { me.account("In $it", it) }
        val rates = mutableListOf<Rate>()
        // CHF per EUR entered both ways, KRW as EUR->KRW (used inverted), BHD only from the 40th day: earlier BHD stays unconverted
        repeat(12) {
            val (base, quote) = if (random.nextBoolean()) "CHF" to "EUR" else "EUR" to "CHF"
            rates += Rate(base, quote, start.plusDays(random.nextLong(-5, 60)), BigDecimal.valueOf(random.nextLong(50_000_000, 200_000_000), 8))
        }
        repeat(6) { rates += Rate("EUR", "KRW", start.plusDays(random.nextLong(-5, 60)), BigDecimal.valueOf(random.nextLong(1_400_000, 1_700_000), 4)) }
        rates += Rate("BHD", "EUR", start.plusDays(40), BigDecimal("2.4471"))
        rates.groupBy { Triple(it.base, it.quote, it.day) }.values.map { it.last() }.let { rates.clear(); rates += it }
        rates.forEach { Ledger.ok(me.put("/rates/${it.base}/${it.quote}/${it.day}", mapOf("rate" to it.rate.toPlainString()))) }
        val categories = listOf(Fixtures.FOOD, Fixtures.RENT)
        val txs = (1..45).map {
            val currency = digits.keys.random(random)
            val tx = Tx(accounts.getValue(currency), currency, start.plusDays(random.nextLong(70)), random.nextInt(4) == 0, random.nextLong(1, 500_000), categories.random(random))
            val direction = if (tx.income) "income" else "expense"
            Ledger.ok(me.transaction(tx.account, tx.day.toString(), me.item(amount(tx.minor, currency).toPlainString(), tx.category), extra = mapOf("direction" to direction)), 201)
            tx
        }

        check(post(me, "/statistics/summary").path("totals").values().toList(), txs, rates, "summary")
        val ranged = post(me, "/statistics/summary", mapOf("from" to start.plusDays(10).toString(), "to" to start.plusDays(50).toString()))
        check(ranged.path("totals").values().toList(), txs.filter { it.day >= start.plusDays(10) && it.day <= start.plusDays(50) }, rates, "a range")
        post(me, "/statistics/accounts").path("accounts").values().groupBy { it.path("accountId").asString() }.forEach { (account, rows) ->
            check(rows.map { it.path("totals") }, txs.filter { it.account == account }, rates, "account $account")
        }
        post(me, "/statistics/categories").path("categories").values().forEach { c ->
            check(c.path("totals").values().toList(), txs.filter { it.category == c.path("category").path("id").asString() }, rates, "category")
        }
        post(me, "/statistics/timeline?granularity=week").path("periods").values().forEach { p ->
            val weekStart = LocalDate.parse(p.path("start").asString())
            // the timeline lists every currency in every period, zero where nothing happened
            val nonZero = p.path("totals").values().filter { it.path("expenses").asString().toBigDecimal().signum() != 0 || it.path("income").asString().toBigDecimal().signum() != 0 }
            check(nonZero, txs.filter { !it.day.isBefore(weekStart) && it.day.isBefore(weekStart.plusWeeks(1)) }, rates, "week $weekStart")
        }
        val conversion = post(me, "/statistics/summary").path("conversion")
        assertEquals("EUR", conversion.path("homeCurrency").asString())
        assertEquals(listOf("BHD"), conversion.path("unconverted").values().map { it.asString() })
        val usd = conversion.path("rates").values().single { it.path("currency").asString() == "CHF" }
        val oldestUsed = txs.filter { it.currency == "CHF" }.mapNotNull { t -> rates.filter { setOf(it.base, it.quote) == setOf("CHF", "EUR") && !it.day.isAfter(t.day) }.maxOfOrNull { it.day } }.min()
        assertEquals(oldestUsed.toString(), usd.path("oldestRateDate").asString())
    }

    @Test
    fun `the rate of an earlier day is stated, an item shows its home amount, and the statement count does not grow with the rows`() {
        val me = Ledger(api)
        Ledger.ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val usd = me.account("Card", "CHF")
        Ledger.ok(me.put("/rates/CHF/EUR/2024-03-01", mapOf("rate" to "0.9")))
        Ledger.ok(me.transaction(usd, "2024-03-04", me.item("10.05")), 201)
        val summary = post(me, "/statistics/summary")
        assertEquals("9.04", summary.path("totals")[0].path("expenses").asString(), "10.05 x 0.9 = 9.045, half-even to 9.04")
        val use = summary.path("conversion").path("rates")[0]
        assertEquals(listOf("CHF", "2024-03-01", "1"), listOf(use.path("currency").asString(), use.path("oldestRateDate").asString(), use.path("daysOnEarlierRate").asString()))
        val item = post(me, "/statistics/transactions").path("items")[0]
        assertEquals(listOf("10.05", "9.04", "2024-03-01"), listOf(item.path("amount").asString(), item.path("homeAmount").asString(), item.path("rateDate").asString()))

        fun statementsOf(path: String) = statements.count { post(me, path) }.second
        val paths = listOf("/statistics/summary", "/statistics/categories", "/statistics/timeline?granularity=day", "/statistics/accounts", "/statistics/sellers", "/statistics/transactions")
        val before = paths.map(::statementsOf)
        val jpy = me.account("Yen", "KRW")
        Ledger.ok(me.put("/rates/EUR/KRW/2024-03-02", mapOf("rate" to "161.5")))
        (1..12).forEach { day -> Ledger.ok(me.transaction(if (day % 2 == 0) usd else jpy, "2024-03-%02d".format(day + 2), me.item("$day")), 201) }
        assertEquals(before, paths.map(::statementsOf), "statements per request stay the same with more days, rows and currencies")
        assertTrue(before.all { it <= 8 }, "$before")
    }

    @Test
    fun `another user's rates never apply, and without a home currency every endpoint says so`() {
        val bob = Ledger(api)
        Ledger.ok(bob.put("/rates/CHF/EUR/2024-03-01", mapOf("rate" to "0.9")))
        val ann = Ledger(api)
        val card = ann.account("Card", "CHF")
        Ledger.ok(ann.transaction(card, "2024-03-04", ann.item("10.00")), 201)
        val paths = listOf("/statistics/summary", "/statistics/categories", "/statistics/timeline", "/statistics/accounts", "/statistics/sellers", "/statistics/transactions")
        paths.forEach { path ->
            val refused = ann.post("$path?inHome=true", emptyMap<String, Any>())
            refused.assertProblem(400, "validation")
            assertTrue(refused.body.contains("home currency"), refused.body)
        }
        Ledger.ok(ann.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val summary = post(ann, "/statistics/summary")
        assertEquals(listOf("CHF" to "10.00"), summary.path("totals").values().map { it.path("currency").asString() to it.path("expenses").asString() }, "Bob's rate is not Ann's")
        assertEquals(listOf("CHF"), summary.path("conversion").path("unconverted").values().map { it.asString() })
        assertTrue(!post(ann, "/statistics/transactions").path("items")[0].hasNonNull("homeAmount"), "no rate: no home amount")
    }

    @Test
    fun `a rate from before the range converts its first days, a newer one takes over from its day, a later one never applies`() {
        val me = Ledger(api)
        Ledger.ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val card = me.account("Card", "CHF")
        Ledger.ok(me.put("/rates/CHF/EUR/2023-11-15", mapOf("rate" to "0.9"))) // months before the range
        Ledger.ok(me.put("/rates/CHF/EUR/2023-10-01", mapOf("rate" to "0.1"))) // older still: superseded
        Ledger.ok(me.put("/rates/EUR/CHF/2024-05-20", mapOf("rate" to "1.25"))) // in the range, entered the other way: 0.8
        Ledger.ok(me.put("/rates/CHF/EUR/2024-07-01", mapOf("rate" to "0.5"))) // after the range
        listOf("2024-05-01", "2024-05-25", "2024-07-02").forEach { Ledger.ok(me.transaction(card, it, me.item("10.00")), 201) }
        val may = mapOf("from" to "2024-05-01", "to" to "2024-05-31")
        val summary = post(me, "/statistics/summary", may)
        assertEquals("17.00", summary.path("totals")[0].path("expenses").asString(), "9.00 at November's rate, 8.00 at May 20th's")
        val use = summary.path("conversion").path("rates")[0]
        assertEquals(listOf("2023-11-15", "2024-05-20", "2"), listOf("oldestRateDate", "newestRateDate", "daysOnEarlierRate").map { use.path(it).asString() })
        val items = post(me, "/statistics/transactions", may).path("items").values().map { "${it.path("homeAmount").asString()} ${it.path("rateDate").asString()}" }
        assertEquals(listOf("8.00 2024-05-20", "9.00 2023-11-15"), items, "newest first")
        val days = post(me, "/statistics/timeline?granularity=day", may).path("periods").values()
            .filter { it.path("totals")[0].path("expenses").asString() != "0.00" }.map { "${it.path("start").asString()} ${it.path("totals")[0].path("expenses").asString()}" }
        assertEquals(listOf("2024-05-01 9.00", "2024-05-25 8.00"), days)
    }
}

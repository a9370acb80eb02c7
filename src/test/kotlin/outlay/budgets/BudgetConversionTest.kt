package outlay.budgets

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import kotlin.test.assertEquals

/**
 * Budgets convert spending in other currencies as the statistics do (inHome=true): each day's sum at
 * that day's rate or the nearest earlier one, exactly, rounded once half-even; what no rate
 * converts is named apart, never counted 1:1.
 */
class BudgetConversionTest : ApiTest() {

    @Test
    fun `a CAD expense counts against a EUR budget at its day's rate, and CAD without a rate is named apart`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val wallet = me.account("Wallet", "EUR")
        // CAD: no reference-rate file the other tests load has it (theirs, from 1999, would convert every later day)
        val card = me.account("Card", "CAD")
        ok(me.put("/budgets/${Fixtures.FOOD}", mapOf("amount" to "100")))
        ok(me.put("/budgets/overall", mapOf("amount" to "500")))
        ok(me.put("/rates/CAD/EUR/2026-03-01", mapOf("rate" to "0.9")))
        ok(me.transaction(card, "2026-03-10", me.item("50.00", Fixtures.FOOD)), 201)
        fun status(month: String) = statements.count { ok(me.get("/budgets/status?month=$month")).json }
        fun line(json: tools.jackson.databind.JsonNode, name: String) = json.path("budgets").values().single { it.path("categoryName").asString("Overall") == name }
        fun spent(json: tools.jackson.databind.JsonNode, name: String) = line(json, name).let { "${it.path("month").path("spent").asString()} ${it.path("yearToDate").path("spent").asString()}" }
        fun unconverted(json: tools.jackson.databind.JsonNode, name: String) =
            line(json, name).path("unconverted").values().joinToString { "${it.path("currency").asString()} ${it.path("month").asString()} ${it.path("year").asString()}" }

        val (walkthrough, steady) = status("2026-03")
        assertEquals("45.00 45.00", spent(walkthrough, "Food"), "CAD 50.00 at 0.9: not 0.00, not 50.00")
        assertEquals("", unconverted(walkthrough, "Food"), "converted, so not named apart")
        assertEquals(6, steady, "preferences, budgets, names, monthly totals, the rates (two): one rate all month, so no day is read")

        ok(me.transaction(wallet, "2026-03-11", me.item("10.00", Fixtures.FOOD)), 201)
        // two 0.045 EUR days: rounded once they make 0.09, day by day they would make 0.08
        ok(me.transaction(card, "2026-03-12", me.item("0.05", Fixtures.FOOD)), 201)
        ok(me.transaction(card, "2026-03-13", me.item("0.05", Fixtures.FOOD)), 201)
        ok(me.transaction(card, "2026-02-20", me.item("7.00", Fixtures.FOOD)), 201) // before any rate
        ok(me.put("/rates/EUR/CAD/2026-03-20", mapOf("rate" to "1.25"))) // entered the other way: 0.8 CAD to EUR
        ok(me.transaction(card, "2026-03-25", me.item("10.00", Fixtures.FOOD)), 201)
        ok(me.transaction(card, "2026-04-05", me.item("20.00", Fixtures.RENT)), 201)
        ok(me.transaction(card, "2026-03-26", me.item("1000.00", Fixtures.FOOD), extra = mapOf("direction" to "income")), 201)

        val (march, changing) = status("2026-03")
        assertEquals("63.09 63.09", spent(march, "Food"), "45.00 + 10.00 + 0.09 + 8.00; not the income")
        assertEquals("CAD 0.00 7.00", unconverted(march, "Food"), "February's CAD had no rate: named, in CAD")
        assertEquals(7, changing, "and the CAD days of March, whose rate changed on the 20th")
        val april = status("2026-04").first
        assertEquals("0.00 63.09", spent(april, "Food"))
        assertEquals("16.00 79.09", spent(april, "Overall"), "April's rent at March's last rate, 0.8 all month")
        assertEquals("CAD 0.00 7.00", unconverted(april, "Overall"))

        // the statistics convert the same March to the same figure
        val statistics = ok(me.post("/statistics/categories?rollUp=true&inHome=true", mapOf("from" to "2026-03-01", "to" to "2026-03-31", "direction" to "expense"))).json
        val food = statistics.path("categories").values().single { it.path("category").path("id").asString() == Fixtures.FOOD }
        assertEquals(listOf("EUR 63.09"), food.path("totals").values().map { "${it.path("currency").asString()} ${it.path("expenses").asString()}" })
    }

    @Test
    fun `a rate from before the year converts its first days, in a steady month and in one whose rate changes`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val card = me.account("Card", "CAD")
        ok(me.put("/budgets/${Fixtures.FOOD}", mapOf("amount" to "100")))
        ok(me.put("/rates/CAD/EUR/2025-11-15", mapOf("rate" to "0.9"))) // the year before: only the latest before the year is read
        ok(me.put("/rates/CAD/EUR/2025-10-01", mapOf("rate" to "0.1"))) // older still: superseded by November's
        ok(me.transaction(card, "2026-01-05", me.item("10.00", Fixtures.FOOD)), 201)
        ok(me.transaction(card, "2026-02-03", me.item("20.00", Fixtures.FOOD)), 201)
        fun food(month: String) = ok(me.get("/budgets/status?month=$month")).json.path("budgets").values().single { it.path("categoryId").asString() == Fixtures.FOOD }
            .let { "${it.path("month").path("spent").asString()} ${it.path("yearToDate").path("spent").asString()} ${it.path("unconverted").size()}" }

        assertEquals("18.00 27.00 0", food("2026-02"), "January at November's 0.9 all month (a steady month, one sum), February too")
        ok(me.put("/rates/EUR/CAD/2026-01-20", mapOf("rate" to "1.25"))) // 0.8 CAD to EUR from the 20th
        ok(me.transaction(card, "2026-01-25", me.item("10.00", Fixtures.FOOD)), 201)
        assertEquals("17.00 17.00 0", food("2026-01"), "January's days read: the 5th still at November's 0.9, the 25th at 0.8")
        assertEquals("16.00 33.00 0", food("2026-02"), "February at 0.8; the year 9.00 + 8.00 + 16.00")
    }

    @Test
    fun `imported expenses count at their own day's rate, in a month whose rate changes, as saved ones do`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val card = me.account("Card", "CAD")
        ok(me.put("/budgets/${Fixtures.FOOD}", mapOf("amount" to "100")))
        ok(me.put("/budgets/overall", mapOf("amount" to "500")))
        ok(me.put("/rates/CAD/EUR/2026-03-01", mapOf("rate" to "0.9")))
        ok(me.put("/rates/CAD/EUR/2026-03-16", mapOf("rate" to "0.5")))
        val csv = "Date;Payee;Description;Category;Amount\n2026-03-10;Shop;Bread;Food;-10,00\n2026-03-20;Shop;Cheese;Food;-20,00\n" +
            "2026-03-21;Landlord;March;Rent;-100,00\n"
        val id = ok(me.upload("/imports", csv.toByteArray(), "statement.csv"), 201).text("id")
        ok(me.post("/imports/$id/confirm", mapOf("accountId" to card)), 201)
        ok(me.transaction(card, "2026-03-20", me.item("4.00", Fixtures.FOOD)), 201) // a saved one on an imported one's day
        val (status, count) = statements.count { ok(me.get("/budgets/status?month=2026-03")).json }
        fun spent(name: String) = status.path("budgets").values().single { it.path("categoryName").asString("Overall") == name }
            .let { "${it.path("month").path("spent").asString()} ${it.path("yearToDate").path("spent").asString()}" }

        assertEquals("21.00 21.00", spent("Food"), "10.00 at 0.9 on the 10th, 24.00 at 0.5 on the 20th")
        assertEquals("71.00 71.00", spent("Overall"), "and the rent, 100.00 at 0.5 on the 21st")
        assertEquals(7, count, "the month's CAD days in one statement")
    }
}

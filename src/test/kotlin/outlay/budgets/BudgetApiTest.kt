package outlay.budgets

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.time.LocalDate
import java.time.YearMonth
import java.time.ZoneOffset
import java.util.UUID
import kotlin.test.assertContains
import kotlin.test.assertEquals

class BudgetApiTest : ApiTest() {

    @Test
    fun `budgets need a home currency, take exact positive amounts, and setting one again replaces it`() {
        val me = Ledger(api)
        me.put("/budgets/overall", mapOf("amount" to "500.00")).assertProblem(400, "no-home-currency")
        assertEquals(0, ok(me.get("/budgets")).json.size())
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        for (bad in listOf("-1", "0", "1.234", "12,50", "")) {
            val refused = me.put("/budgets/overall", mapOf("amount" to bad))
            refused.assertProblem(400, "validation")
            assertEquals(listOf("amount"), refused.errorFields, bad)
        }
        me.put("/budgets/${UUID.randomUUID()}", mapOf("amount" to "1")).assertProblem(404, "not-found")
        me.put("/budgets/food", mapOf("amount" to "1")).assertProblem(404, "not-found")
        assertEquals(0, ok(me.get("/budgets")).json.size(), "bad input changes nothing")

        ok(me.put("/budgets/${Fixtures.FOOD}", mapOf("amount" to "100")))
        val overall = ok(me.put("/budgets/overall", mapOf("amount" to "450.00")))
        assertEquals("450.00", overall.text("amount"))
        assertEquals("EUR", overall.text("currency"))
        ok(me.put("/budgets/overall", mapOf("amount" to "500.00")))
        ok(me.put("/budgets/overall", mapOf("amount" to "500.00")))
        val list = ok(me.get("/budgets")).json
        assertEquals(listOf("null 500.00", "Food 100.00"), list.values().map { "${it.path("categoryName").asString("null")} ${it.path("amount").asString()}" })

        assertEquals(204, me.delete("/budgets/${Fixtures.FOOD}").status)
        me.delete("/budgets/${Fixtures.FOOD}").assertProblem(404, "not-found")
        assertEquals(1, ok(me.get("/budgets")).json.size())
    }

    @Test
    fun `status counts expenses from the monthly totals, rolls children up, leaves transfers and income out, and reports other currencies apart`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val wallet = me.account("Wallet", "EUR")
        val savings = me.account("Savings", "EUR")
        val card = me.account("Card", "CAD")
        val hobbies = ok(me.post("/categories", mapOf("name" to "Hobbies", "icon" to "category")), 201).text("id")
        val models = ok(me.post("/categories", mapOf("name" to "Models", "icon" to "category", "parentId" to hobbies)), 201).text("id")
        ok(me.put("/budgets/overall", mapOf("amount" to "500")))
        ok(me.put("/budgets/${Fixtures.FOOD}", mapOf("amount" to "100")))
        ok(me.put("/budgets/$hobbies", mapOf("amount" to "50")))
        ok(me.put("/budgets/$models", mapOf("amount" to "20")))
        fun status() = statements.count { ok(me.get("/budgets/status?month=2026-03")).json }
        val (_, empty) = status()

        ok(me.transaction(wallet, "2026-02-10", me.item("20.00", Fixtures.FOOD)), 201)
        ok(me.transaction(wallet, "2026-03-05", me.item("12.00", Fixtures.FOOD), me.item("7.50", models), me.item("2.50", hobbies), me.item("300", Fixtures.RENT)), 201)
        ok(me.transaction(wallet, "2026-03-06", me.item("1000", Fixtures.FOOD), extra = mapOf("direction" to "income")), 201)
        ok(me.transaction(wallet, "2026-04-01", me.item("99", Fixtures.FOOD)), 201)
        ok(me.transaction(card, "2026-03-07", me.item("5.00", Fixtures.FOOD)), 201)
        ok(me.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to wallet, "toAccountId" to savings, "date" to "2026-03-08", "amount" to "200")), 201)
        val (json, full) = status()
        assertEquals(4, empty, "preferences, budgets, category names, spending")
        assertEquals(6, full, "and, for the CAD spending, the rates to EUR (two statements; with no rate all month no day is read)")
        ok(me.transaction(card, "2026-03-09", me.item("6.00", Fixtures.FOOD)), 201)
        ok(me.transaction(wallet, "2026-01-09", me.item("6.00", Fixtures.RENT)), 201)
        assertEquals(full, status().second, "no more statements for more transactions")

        assertEquals("2026-03", json.path("month").asString())
        assertEquals(0, json.path("remainingDays").asInt(), "March 2026 is over")
        val lines = json.path("budgets").values().associateBy { it.path("categoryName").asString("Overall") }
        assertEquals(listOf("Overall", "Food", "Hobbies", "Models"), json.path("budgets").values().map { it.path("categoryName").asString("Overall") })
        fun period(name: String, which: String) = lines.getValue(name).path(which).let {
            listOf("budget", "spent", "left", "leftPerDay").joinToString(" ") { f -> it.path(f).asString("null") }
        }
        assertEquals("500.00 322.00 178.00 null", period("Overall", "month"), "12 + 7.50 + 2.50 + 300; not the income, the transfer or April")
        assertEquals("1500.00 342.00 1158.00 null", period("Overall", "yearToDate"), "three months of budget; February's 20 too")
        assertEquals("100.00 12.00 88.00 null", period("Food", "month"))
        assertEquals("300.00 32.00 268.00 null", period("Food", "yearToDate"))
        assertEquals("50.00 10.00 40.00 null", period("Hobbies", "month"), "the child's 7.50 rolls up into its parent")
        assertEquals("20.00 7.50 12.50 null", period("Models", "month"))
        assertEquals("CAD 5.00 5.00", lines.getValue("Food").path("unconverted").values().joinToString { "${it.path("currency").asString()} ${it.path("month").asString()} ${it.path("year").asString()}" }, "no CAD rate: named, not counted")
        assertEquals(0, lines.getValue("Hobbies").path("unconverted").size())

        me.get("/budgets/status?month=2026-13").assertProblem(400, "validation")
    }

    @Test
    fun `a budget for an archived category is refused and nothing changes`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val old = ok(me.post("/categories", mapOf("name" to "Old hobby", "icon" to "category")), 201).text("id")
        ok(me.put("/budgets/$old", mapOf("amount" to "30.00")))
        ok(me.put("/categories/$old", mapOf("name" to "Old hobby", "icon" to "category", "archived" to true)))
        val gone = ok(me.post("/categories", mapOf("name" to "Gone", "icon" to "category")), 201).text("id")
        ok(me.put("/categories/$gone", mapOf("name" to "Gone", "icon" to "category", "archived" to true)))

        val created = me.put("/budgets/$gone", mapOf("amount" to "10.00"))
        created.assertProblem(400, "validation")
        assertEquals(listOf("target"), created.errorFields)
        assertContains(created.body, "archived")
        val updated = me.put("/budgets/$old", mapOf("amount" to "99.00"))
        updated.assertProblem(400, "validation")
        assertEquals(listOf("target"), updated.errorFields)
        assertEquals(listOf("$old 30.00"), ok(me.get("/budgets")).json.values().map { "${it.path("categoryId").asString()} ${it.path("amount").asString()}" }, "nothing changed")
    }

    @Test
    fun `what is left per day divides by the days left in the user's month, and for the year so far by the days left in the year`() {
        // 20:00 UTC on 27 February is already 09:00 on the 28th in Auckland (NZDT, UTC+13): one day left in the month there, not two
        clock.advance(java.time.Duration.between(clock.instant(), java.time.Instant.parse("2026-02-27T20:00:00Z")))
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "Pacific/Auckland")))
        val wallet = me.account("Wallet", "EUR")
        ok(me.put("/budgets/overall", mapOf("amount" to "1000")))
        ok(me.transaction(wallet, "2026-02-10", me.item("465.00", Fixtures.FOOD)), 201)
        val json = ok(me.get("/budgets/status")).json
        assertEquals(listOf("2026-02", "2026-02-28", "1", "307"), listOf("month", "today", "remainingDays", "remainingDaysOfYear").map { json.path(it).asString() })
        val line = json.path("budgets")[0]
        assertEquals("535.00 535.00", "${line.path("month").path("left").asString()} ${line.path("month").path("leftPerDay").asString()}", "535.00 for the one day left")
        assertEquals("1535.00 5.00", "${line.path("yearToDate").path("left").asString()} ${line.path("yearToDate").path("leftPerDay").asString()}", "2000 - 465 over 307 days (28 Feb to 31 Dec)")

        val past = ok(me.get("/budgets/status?month=2026-01")).json
        assertEquals(listOf("0", "0", "null", "null"), listOf(past.path("remainingDays").asString(), past.path("remainingDaysOfYear").asString()) +
            listOf("month", "yearToDate").map { past.path("budgets")[0].path(it).path("leftPerDay").asString("null") }, "a past month has no days left")
        val next = ok(me.get("/budgets/status?month=2027-03")).json
        assertEquals(listOf(31, 365), listOf(next.path("remainingDays").asInt(), next.path("remainingDaysOfYear").asInt()), "a year not begun: all its days")
    }

    @Test
    fun `this month's status divides what is left by the user's remaining days, rounded down`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val wallet = me.account("Wallet", "EUR")
        val today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
        ok(me.put("/budgets/overall", mapOf("amount" to "100")))
        ok(me.transaction(wallet, today.toString(), me.item("0.01", Fixtures.FOOD)), 201)
        val json = ok(me.get("/budgets/status")).json
        val days = today.lengthOfMonth() - today.dayOfMonth + 1
        assertEquals(YearMonth.from(today).toString(), json.path("month").asString())
        assertEquals(days, json.path("remainingDays").asInt())
        val perDay = java.math.BigDecimal("99.99").divide(days.toBigDecimal(), 2, java.math.RoundingMode.DOWN)
        assertEquals(perDay.toPlainString(), json.path("budgets")[0].path("month").path("leftPerDay").asString())
        ok(me.put("/budgets/overall", mapOf("amount" to "0.01")))
        assertEquals("0.00", ok(me.get("/budgets/status")).json.path("budgets")[0].path("month").path("leftPerDay").asString(), "nothing left")
    }
}

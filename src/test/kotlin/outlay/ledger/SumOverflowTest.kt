package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import kotlin.test.assertEquals

/**
 * A sum of amounts past a Long (9223372036854775807 minor units) is a clear problem, never a
 * wrapped number: one amount and one transaction stay below it by their input limits, but five
 * of the largest transactions in CLF (four decimals) do not, summed over months (a balance, a
 * statistic) or within one month's total (the write is refused and changes nothing).
 */
class SumOverflowTest : ApiTest() {
    /** 20 items of the largest amount an item takes, 10^17 - 1 minor units each: 1999999999999999980 in all. */
    private fun Ledger.largest(account: String, date: String) = transaction(account, date, *Array(20) { item("9999999999999.9999") })

    @Test
    fun `sums past a Long are a clear 422 on reads and on writes, and a refused write changes nothing`() {
        val me = Ledger(api)
        val account = me.account("Unidades de fomento", "CLF")
        (1..5).forEach { ok(me.largest(account, "2026-0$it-10"), 201) }
        fun expenses(from: String, to: String) = ok(me.post("/statistics/summary", mapOf("from" to from, "to" to to))).json.path("totals")[0]
            .let { "${it.path("expenses").asString()} ${it.path("transactionCount").asString()}" }
        assertEquals("799999999999999.9920 4", expenses("2026-01-01", "2026-04-30"), "four fit")

        me.post("/statistics/summary", mapOf("from" to "2026-01-01", "to" to "2026-05-31")).assertProblem(422, "total-too-large")
        me.post("/statistics/categories", emptyMap<String, Any>()).assertProblem(422, "total-too-large")
        me.post("/statistics/summary", mapOf("accountIds" to listOf(account))).assertProblem(422, "total-too-large") // from the rows, not the monthly totals
        me.get("/accounts").assertProblem(422, "total-too-large") // the balance sums every month

        (1..4).forEach { ok(me.largest(account, "2026-06-0$it"), 201) }
        me.largest(account, "2026-06-05").assertProblem(422, "total-too-large") // June's monthly total would pass a Long
        assertEquals("799999999999999.9920 4", expenses("2026-06-01", "2026-06-30"), "the refused transaction is not recorded")
        assertEquals(9, ok(me.get("/transactions?limit=50")).json.path("items").size())
    }
}

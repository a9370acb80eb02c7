package outlay.exchange

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Ledger
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * What a large import costs in SQL statements: a handful per 1,000 rows (the duplicate-key
 * lookup and the multi-row inserts), nothing per row, and the monthly totals written once at the
 * end, whatever the number of sellers and months.
 */
class ImportStatementsTest : ApiTest() {

    /** A bank CSV of [rows] rows over three months, with 60 payees and four categories. */
    private fun statement(rows: Int, first: Int = 0) = buildString {
        append("Date;Payee;Description;Category;Amount\n")
        val categories = listOf("Food", "Rent", "Utilities", "")
        for (n in first until first + rows) {
            append("2026-0${1 + n % 3}-${10 + n % 18};Payee ${n % 60};Purchase $n;${categories[n % 4]};-${1 + n % 90},${(n % 100).toString().padStart(2, '0')}\n")
        }
    }.toByteArray()

    private fun Ledger.confirm(account: String, bytes: ByteArray): Pair<Int, Int> {
        val id = Ledger.ok(upload("/imports", bytes, "statement.csv"), 201).text("id")
        val (response, count) = statements.count { post("/imports/$id/confirm", mapOf("accountId" to account)) }
        return Ledger.ok(response, 201).json.path("recorded").asInt() to count
    }

    @Test
    fun `an import runs a few statements per thousand rows, and the totals agree with the items`() {
        val small = Ledger(api)
        val (smallRows, smallCount) = small.confirm(small.account(), statement(1_000))
        val large = Ledger(api)
        val largeAccount = large.account()
        val (largeRows, largeCount) = large.confirm(largeAccount, statement(6_000))
        assertEquals(1_000, smallRows)
        assertEquals(6_000, largeRows)
        val perThousand = (largeCount - smallCount) / 5.0
        assertTrue(perThousand <= 4, "statements per further 1,000 rows: $perThousand ($smallCount for 1,000 rows, $largeCount for 6,000)")
        assertTrue(smallCount <= 30, "statements of a 1,000-row import: $smallCount")

        // an overlapping statement: 3,000 rows already imported, 3,000 new, in as few statements
        val (overlapRows, overlapCount) = large.confirm(largeAccount, statement(6_000, first = 3_000))
        assertEquals(3_000, overlapRows)
        assertTrue(overlapCount <= largeCount, "statements of an overlapping import: $overlapCount, of the first: $largeCount")
        // the monthly totals, written once per import, agree with the same statistics computed from the items
        for (endpoint in listOf("summary", "categories", "sellers", "accounts")) {
            assertEquals(
                large.post("/statistics/$endpoint", mapOf("from" to "2026-01-01", "to" to "2026-03-31")).json,
                large.post("/statistics/$endpoint", mapOf("from" to "2026-01-01", "to" to "2026-03-31", "hasImage" to false)).json,
                endpoint,
            )
        }
        val expected = (0 until 9_000).sumOf { (1 + it % 90) * 100L + it % 100 }
        val totals = large.post("/statistics/summary", mapOf("from" to "2026-01-01", "to" to "2026-03-31")).json.path("totals").path(0)
        assertEquals(java.math.BigDecimal.valueOf(expected, 2).toPlainString(), totals.path("expenses").asString())
        assertEquals(9_000, totals.path("transactionCount").asInt())
    }
}

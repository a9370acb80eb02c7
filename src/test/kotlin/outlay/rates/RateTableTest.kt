package outlay.rates

import org.junit.jupiter.api.Test
import java.math.BigDecimal
import java.time.LocalDate
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/**
 * A timeline walked day by day answers what a lookup per day answers, by every rule (own before
 * reference, inverted, crossed via EUR, the nearest earlier day); and a table read for a period
 * (its rows and each pair's latest before it, as [RateRepository] reads them) answers its days
 * as the whole history does.
 */
class RateTableTest {
    private val currencies = listOf("EUR", "USD", "CHF", "JPY")

    private fun rows(random: Random, count: Int): List<RateRow> = List(count) {
        val (base, quote) = currencies.shuffled(random).take(2)
        RateRow(LocalDate.of(2026, 1, 1).plusDays(random.nextLong(120)), base, quote, BigDecimal.valueOf(random.nextLong(1, 2_000_000_000), 8))
    }.distinctBy { Triple(it.day, it.base, it.quote) }

    /** What the repository reads for [first]..[last]: the period's rows and, per pair, the latest before it. */
    private fun bounded(rows: List<RateRow>, first: LocalDate, last: LocalDate): List<RateRow> =
        rows.filter { !it.day.isBefore(first) && !it.day.isAfter(last) } +
            rows.filter { it.day.isBefore(first) }.groupBy { it.base to it.quote }.values.map { pair -> pair.maxBy { it.day } }

    @Test
    fun `a walk along the timeline and a bounded table answer every day as a lookup in the whole history`() {
        val random = Random(20261123)
        repeat(30) { round ->
            val own = rows(random, random.nextInt(0, 12))
            val reference = rows(random, random.nextInt(0, 40))
            val whole = RateTable(own, reference)
            val first = LocalDate.of(2026, 1, 1).plusDays(random.nextLong(90))
            val last = first.plusDays(random.nextLong(40))
            val period = RateTable(bounded(own, first, last), bounded(reference, first, last), first)
            for (from in currencies) for (to in currencies - from) {
                val walk = whole.timeline(from, to, first, last).walk()
                generateSequence(first) { it.plusDays(1) }.takeWhile { !it.isAfter(last) }.forEach { day ->
                    val expected = whole.effective(from, to, day)
                    assertEquals(expected, walk(day), "round $round, $from to $to on $day (timeline)")
                    assertEquals(expected, period.effective(from, to, day), "round $round, $from to $to on $day (bounded table)")
                }
            }
        }
    }

    @Test
    fun `a month is steady only when one rate, or none, holds on all its days`() {
        val before = RateRow(LocalDate.of(2025, 12, 20), "CAD", "EUR", BigDecimal("0.9"))
        val table = RateTable(listOf(before, RateRow(LocalDate.of(2026, 2, 10), "EUR", "CAD", BigDecimal("1.25"))), emptyList())
        assertTrue(table.timeline("CAD", "EUR", LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 31)).steady(), "December's rate all January")
        assertTrue(!table.timeline("CAD", "EUR", LocalDate.of(2026, 2, 1), LocalDate.of(2026, 2, 28)).steady(), "0.9, then 0.8 from the 10th")
        assertTrue(table.timeline("CHF", "EUR", LocalDate.of(2026, 2, 1), LocalDate.of(2026, 2, 28)).steady(), "no rate all month")
        val same = RateTable(listOf(before, RateRow(LocalDate.of(2026, 1, 15), "CAD", "EUR", BigDecimal("0.90"))), emptyList())
        assertTrue(same.timeline("CAD", "EUR", LocalDate.of(2026, 1, 1), LocalDate.of(2026, 1, 31)).steady(), "a new day at the same rate")
    }

    @Test
    fun `a table read from a day refuses earlier days rather than answer without their rates`() {
        val table = RateTable(emptyList(), emptyList(), LocalDate.of(2026, 1, 1))
        assertFailsWith<IllegalStateException> { table.effective("CAD", "EUR", LocalDate.of(2025, 12, 31)) }
        assertFailsWith<IllegalStateException> { table.timeline("CAD", "EUR", LocalDate.of(2025, 12, 1), LocalDate.of(2026, 1, 31)) }
    }
}

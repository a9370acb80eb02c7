package outlay.ledger

import org.springframework.stereotype.Service
import outlay.ledger.statistics.GroupTotal
import outlay.ledger.statistics.HomeCurrency
import outlay.ledger.statistics.SpendingRows
import outlay.platform.Reads
import outlay.platform.sumOfMinor
import java.time.LocalDate
import java.time.YearMonth
import java.util.UUID

/**
 * A scope's expenses (a budget's) in one currency, exact minor units: in the month asked for and in
 * its year up to it. [unconverted]: what no rate converts, in its own currency, never counted 1:1.
 */
data class Spent(val monthMinor: Long, val yearMinor: Long, val unconverted: List<UnconvertedSpent>) {
    companion object {
        val NONE = Spent(0, 0, emptyList())
    }
}

/** Expenses in [currency] on days without any rate to the budget's currency: in the month and in the year up to it. */
data class UnconvertedSpent(val currency: String, val monthMinor: Long, val yearMinor: Long)

/**
 * The ledger's answer to "how much was spent, per category, this month and this year?" for modules
 * above it (the budgets), in the currency asked for and converted as the statistics convert
 * ([HomeCurrency], the one place of the rate rules): each day's sum at that day's rate or the
 * nearest earlier one, exactly, each total rounded once half-even. Whole months come from the
 * monthly totals; a foreign currency's month is read by day, from the day totals, only when its
 * rate changes within the month (a steady rate converts the month's sum exactly as it would
 * convert each day's).
 */
@Service
class MonthlySpending(private val rows: SpendingRows, private val homeCurrency: HomeCurrency) {

    /** A scope's sum for the month asked for ([wholeYear] false) or for its year up to it. */
    private data class Cell(val scope: UUID?, val wholeYear: Boolean)

    /** One sum of a scope: a month's (of a currency with one rate all month, or of [currency] itself) or a day's. */
    private data class Part(val scope: UUID?, val month: YearMonth, val currency: String, val amountMinor: Long, val day: LocalDate)

    /**
     * Per scope (key: the category, null for overall) in [currency]: each of [rolledUp] with its
     * children (a top-level category), each of [alone] by itself (a child), and all when [overall];
     * for [month] and for the months of its year up to it. Scopes without spending are absent.
     */
    @Reads
    fun expenses(userId: UUID, month: YearMonth, currency: String, rolledUp: Set<UUID>, alone: Set<UUID>, overall: Boolean): Map<UUID?, Spent> {
        val january = YearMonth.of(month.year, 1)
        val months = rows.months(userId, january, month, rolledUp, alone, overall)
        val foreign = months.filter { it.currency != currency }
        // the rates of the year up to the month, and each pair's latest before it (for January's first days)
        val table = homeCurrency.table(userId, currency, foreign.map { it.currency }.toSet(), january.atDay(1), month.atEndOfMonth())
        val changing = foreign.map { it.currency to it.month }.toSet().filterNot { (c, m) -> homeCurrency.steady(table, c, currency, m) }.toSet()
        val parts = months.filter { (it.currency to it.month) !in changing }.map { Part(it.scope, it.month, it.currency, it.amountMinor, it.month.atDay(1)) } +
            days(userId, changing, rolledUp, alone, overall)
        val groups = parts.flatMap { p ->
            listOfNotNull(Cell(p.scope, true), Cell(p.scope, false).takeIf { p.month == month })
                .map { GroupTotal(it, p.currency, Direction.EXPENSE, p.amountMinor, 0, 0, p.day) }
        }
        val converted = homeCurrency.convert(userId, currency, groups, table).groups
        return converted.groupBy { it.key.scope }.mapValues { (_, cells) ->
            fun sum(rows: List<GroupTotal<Cell>>, wholeYear: Boolean) = rows.filter { it.key.wholeYear == wholeYear }.sumOfMinor { it.amountMinor }
            val (own, other) = cells.partition { it.currency == currency }
            val unconverted = other.groupBy { it.currency }.toSortedMap().map { (c, rows) -> UnconvertedSpent(c, sum(rows, false), sum(rows, true)) }
            Spent(sum(own, false), sum(own, true), unconverted.filter { it.monthMinor != 0L || it.yearMinor != 0L })
        }
    }

    /** The days of the months (per currency) whose rate changes within the month, as parts of each scope they count for. */
    private fun days(userId: UUID, changing: Set<Pair<String, YearMonth>>, rolledUp: Set<UUID>, alone: Set<UUID>, overall: Boolean): List<Part> {
        if (changing.isEmpty()) return emptyList()
        val first = changing.minOf { it.second }.atDay(1)
        val last = changing.maxOf { it.second }.atEndOfMonth()
        return rows.days(userId, first, last, changing.map { it.first }.toSet(), rolledUp, alone, overall)
            .filter { (it.currency to YearMonth.from(it.day)) in changing }
            .map { Part(it.scope, YearMonth.from(it.day), it.currency, it.amountMinor, it.day) }
    }
}

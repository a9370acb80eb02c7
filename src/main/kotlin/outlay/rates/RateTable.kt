package outlay.rates

import java.math.BigDecimal
import java.math.RoundingMode
import java.time.LocalDate
import java.util.TreeMap

/**
 * Stored rates in memory, answering [effective] by the rules of [Rates]: the nearest rate on or
 * before the day; on the same day the user's own rate before the reference; a stored rate used as
 * entered or inverted; reference rates also crossed via [Rates.REFERENCE_BASE], dated by the older
 * leg. Derived rates (inverse, cross) are rounded half-even to [Rates.SCALE] decimals. Built from
 * the few rows one lookup needs, or from every row a whole statistics answer needs (two queries):
 * then the rows of its period from [first] on, and each pair's latest before it, so it answers
 * days from [first] on only.
 */
class RateTable(own: List<RateRow>, reference: List<RateRow>, private val first: LocalDate = LocalDate.MIN) {
    private val own = index(own)
    private val reference = index(reference)

    fun effective(from: String, to: String, day: LocalDate): EffectiveRate? {
        if (from == to) return EffectiveRate(from, to, BigDecimal.ONE, day, RateSource.OWN)
        check(!day.isBefore(first)) { "the rates were read for the days from $first, not for $day" }
        return choose(from, to, series(from, to).map { it?.floorEntry(day)?.value })
    }

    /**
     * The rate of [from] to [to] on each day of [firstDay]..[lastDay], as the days it changes on:
     * one pass over the pair's rates in date order (each day's rate is what [effective] answers).
     */
    fun timeline(from: String, to: String, firstDay: LocalDate, lastDay: LocalDate): RateTimeline {
        check(!firstDay.isBefore(first)) { "the rates were read for the days from $first, not for $firstDay" }
        if (from == to) return RateTimeline(listOf(firstDay), listOf(EffectiveRate(from, to, BigDecimal.ONE, firstDay, RateSource.OWN)))
        val cursors = series(from, to).map { Cursor(it, firstDay, lastDay) }
        val days = mutableListOf<LocalDate>()
        val rates = mutableListOf<EffectiveRate?>()
        var day: LocalDate? = firstDay
        while (day != null) {
            val today: LocalDate = day
            cursors.forEach { it.advanceTo(today) }
            val rate = choose(from, to, cursors.map { it.current })
            if (rates.isEmpty() || rate != rates.last()) {
                days += today
                rates += rate
            }
            day = cursors.mapNotNull { it.nextDay }.minOrNull()
        }
        return RateTimeline(days, rates)
    }

    /** The rows a conversion of one pair can use, in the order [choose] takes their latest. */
    private fun series(from: String, to: String): List<TreeMap<LocalDate, RateRow>?> {
        val base = Rates.REFERENCE_BASE
        return listOf(
            own[from to to], own[to to from], reference[from to to], reference[to to from],
            reference[base to from], reference[from to base], reference[base to to], reference[to to base],
        )
    }

    /**
     * The rule, from the latest row (on or before one day) of each of [series]: the user's
     * own rate unless the reference has a newer one; the reference direct, else crossed via its base.
     */
    private fun choose(from: String, to: String, latest: List<RateRow?>): EffectiveRate? {
        val own = newer(latest[0], latest[1])?.let { oriented(it, from, to, RateSource.OWN) }
        val reference = reference(from, to, latest)
        return when {
            own == null -> reference
            reference == null || !reference.day.isAfter(own.day) -> own
            else -> reference
        }
    }

    private fun reference(from: String, to: String, latest: List<RateRow?>): EffectiveRate? {
        newer(latest[2], latest[3])?.let { return oriented(it, from, to, RateSource.REFERENCE) }
        val base = Rates.REFERENCE_BASE
        if (from == base || to == base) return null
        val fromLeg = newer(latest[4], latest[5]) ?: return null
        val toLeg = newer(latest[6], latest[7]) ?: return null
        val fromPerBase = oriented(fromLeg, base, from, RateSource.REFERENCE).rate
        val toPerBase = oriented(toLeg, base, to, RateSource.REFERENCE).rate
        val older = minOf(fromLeg.day, toLeg.day)
        return EffectiveRate(from, to, toPerBase.divide(fromPerBase, Rates.SCALE, RoundingMode.HALF_EVEN), older, RateSource.REFERENCE)
    }

    /** The newer of a rate in the asked direction and one the other way; on one day the asked direction. */
    private fun newer(asked: RateRow?, inverse: RateRow?): RateRow? =
        if (inverse != null && (asked == null || inverse.day.isAfter(asked.day))) inverse else asked

    private fun oriented(row: RateRow, from: String, to: String, source: RateSource): EffectiveRate =
        if (row.base == from) EffectiveRate(from, to, row.rate, row.day, source)
        else EffectiveRate(from, to, BigDecimal.ONE.divide(row.rate, Rates.SCALE, RoundingMode.HALF_EVEN), row.day, source)

    /** One series' latest row on or before the day reached, moving forward only. */
    private class Cursor(rows: TreeMap<LocalDate, RateRow>?, firstDay: LocalDate, lastDay: LocalDate) {
        var current: RateRow? = rows?.floorEntry(firstDay)?.value
            private set
        private val ahead = rows?.subMap(firstDay, false, lastDay, true)?.values?.iterator()
        private var next: RateRow? = following()
        val nextDay: LocalDate? get() = next?.day

        fun advanceTo(day: LocalDate) {
            while (next?.day?.isAfter(day) == false) {
                current = next
                next = following()
            }
        }

        private fun following(): RateRow? = if (ahead?.hasNext() == true) ahead.next() else null
    }

    private companion object {
        fun index(rows: List<RateRow>): Map<Pair<String, String>, TreeMap<LocalDate, RateRow>> =
            rows.groupBy { it.base to it.quote }.mapValues { (_, pair) -> TreeMap(pair.associateBy { it.day }) }
    }
}

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
 * the few rows one lookup needs, or from every row a whole statistics answer needs (two queries).
 */
class RateTable(own: List<RateRow>, reference: List<RateRow>) {
    private val own = index(own)
    private val reference = index(reference)

    fun effective(from: String, to: String, day: LocalDate): EffectiveRate? {
        if (from == to) return EffectiveRate(from, to, BigDecimal.ONE, day, RateSource.OWN)
        val own = latest(own, from, to, day)?.let { oriented(it, from, to, RateSource.OWN) }
        val reference = reference(from, to, day)
        return when {
            own == null -> reference
            reference == null || !reference.day.isAfter(own.day) -> own
            else -> reference
        }
    }

    private fun reference(from: String, to: String, day: LocalDate): EffectiveRate? {
        latest(reference, from, to, day)?.let { return oriented(it, from, to, RateSource.REFERENCE) }
        val base = Rates.REFERENCE_BASE
        if (from == base || to == base) return null
        val fromLeg = latest(reference, base, from, day) ?: return null
        val toLeg = latest(reference, base, to, day) ?: return null
        val fromPerBase = oriented(fromLeg, base, from, RateSource.REFERENCE).rate
        val toPerBase = oriented(toLeg, base, to, RateSource.REFERENCE).rate
        val older = minOf(fromLeg.day, toLeg.day)
        return EffectiveRate(from, to, toPerBase.divide(fromPerBase, Rates.SCALE, RoundingMode.HALF_EVEN), older, RateSource.REFERENCE)
    }

    /** The latest rate between the two currencies in either direction; on one day the asked direction first. */
    private fun latest(index: Map<Pair<String, String>, TreeMap<LocalDate, RateRow>>, from: String, to: String, day: LocalDate): RateRow? =
        listOfNotNull(index[from to to]?.floorEntry(day)?.value, index[to to from]?.floorEntry(day)?.value)
            .maxWithOrNull(compareBy<RateRow> { it.day }.thenBy { if (it.base == from) 1 else 0 })

    private fun oriented(row: RateRow, from: String, to: String, source: RateSource): EffectiveRate =
        if (row.base == from) EffectiveRate(from, to, row.rate, row.day, source)
        else EffectiveRate(from, to, BigDecimal.ONE.divide(row.rate, Rates.SCALE, RoundingMode.HALF_EVEN), row.day, source)

    private companion object {
        fun index(rows: List<RateRow>): Map<Pair<String, String>, TreeMap<LocalDate, RateRow>> =
            rows.groupBy { it.base to it.quote }.mapValues { (_, pair) -> TreeMap(pair.associateBy { it.day }) }
    }
}

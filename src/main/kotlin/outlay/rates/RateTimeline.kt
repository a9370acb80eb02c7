package outlay.rates

import java.time.LocalDate

/**
 * One pair's effective rate over a period ([RateTable.timeline]): [rates] holds from its day in
 * [days] (ascending, the first the period's first day) until the next; null where no rate exists.
 */
class RateTimeline(private val days: List<LocalDate>, private val rates: List<EffectiveRate?>) {

    /**
     * Whether one rate (or none) holds on every day of the period: then a sum over its days
     * converts at once exactly as day by day would (the rate multiplies each day's sum alike).
     */
    fun steady(): Boolean {
        val first = rates.first()?.rate
        return rates.all { if (first == null) it == null else it != null && it.rate.compareTo(first) == 0 }
    }

    /** Reads the rates of days asked in ascending order, moving forward only: a pass over many days is one pass over the rates. */
    fun walk(): (LocalDate) -> EffectiveRate? {
        var at = 0
        return { day ->
            check(!day.isBefore(days[at])) { "days are asked in ascending order from ${days.first()}: $day after ${days[at]}" }
            while (at + 1 < days.size && !days[at + 1].isAfter(day)) at++
            rates[at]
        }
    }
}

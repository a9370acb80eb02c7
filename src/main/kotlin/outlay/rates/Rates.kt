package outlay.rates

import org.springframework.stereotype.Service
import outlay.platform.Reads
import java.math.BigDecimal
import java.time.LocalDate
import java.util.UUID

/** Where a rate came from: the user's own, or the operator-loaded reference (direct or crossed via its base). */
enum class RateSource { OWN, REFERENCE }

/** 1 [from] = [rate] [to], taken from a rate of [day] (on or before the day asked for). */
data class EffectiveRate(val from: String, val to: String, val rate: BigDecimal, val day: LocalDate, val source: RateSource)

/**
 * The rate that converts between two currencies on a day, for every module that converts (statistics,
 * budgets), by the rules of [RateTable]: one lookup reads at most four indexed single rows; [table]
 * reads everything a batch of lookups into one currency over a period needs in two statements.
 */
@Service
class Rates(private val repository: RateRepository) {

    @Reads
    fun effective(userId: UUID, from: String, to: String, day: LocalDate): EffectiveRate? {
        if (from == to) return EffectiveRate(from, to, BigDecimal.ONE, day, RateSource.OWN)
        val own = listOfNotNull(repository.latestOwn(userId, from, to, day))
        val direct = repository.latestReference(from, to, day)
        // the legs via the reference base matter only without a direct reference rate
        val legs = if (direct != null || from == REFERENCE_BASE || to == REFERENCE_BASE) emptyList()
        else listOfNotNull(repository.latestReference(REFERENCE_BASE, from, day), repository.latestReference(REFERENCE_BASE, to, day))
        return RateTable(own, listOfNotNull(direct) + legs).effective(from, to, day)
    }

    /**
     * Every rate of the user's and of the reference that converts any of [from] to [to] on the days
     * [first]..[last]: those of the period, and each pair's latest before it (which still holds on
     * the period's first days). Conversions of many days and currencies without a query each, and
     * without reading a pair's whole history.
     */
    @Reads
    fun table(userId: UUID, to: String, from: Set<String>, first: LocalDate, last: LocalDate): RateTable {
        val base = REFERENCE_BASE
        val direct = (from - to).flatMap { listOf(it to to, to to it) }
        // without a direct reference rate, the reference converts via its base: each currency's legs to it
        val legs = (from + to - base).flatMap { listOf(base to it, it to base) }
        return RateTable(repository.ownOf(userId, direct.toSet(), first, last), repository.referenceOf((direct + legs).toSet(), first, last), first)
    }

    companion object {
        /** Decimal places of a stored rate (numeric(20, 10)) and of a derived one. */
        const val SCALE = 10
        /** The base of the reference rates (the ECB publishes per EUR). */
        const val REFERENCE_BASE = "EUR"
    }
}

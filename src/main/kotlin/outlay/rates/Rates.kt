package outlay.rates

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import java.math.BigDecimal
import java.math.RoundingMode
import java.time.LocalDate
import java.util.UUID

/** Where a rate came from: the user's own, or the operator-loaded reference (direct or crossed via its base). */
enum class RateSource { OWN, REFERENCE }

/** 1 [from] = [rate] [to], taken from a rate of [day] (on or before the day asked for). */
data class EffectiveRate(val from: String, val to: String, val rate: BigDecimal, val day: LocalDate, val source: RateSource)

/**
 * The rate that converts between two currencies on a day, for every module that converts (statistics,
 * budgets). The nearest rate on or before the day wins; on the same day the user's own rate wins over
 * the reference. A stored rate is used as entered or inverted; reference rates are also crossed via
 * their base (EUR for the ECB's file). Derived rates (inverse, cross) are rounded half-even to
 * [SCALE] decimals, the scale rates are stored with.
 */
@Service
class Rates(private val repository: RateRepository) {

    @Transactional(readOnly = true)
    fun effective(userId: UUID, from: String, to: String, day: LocalDate): EffectiveRate? {
        if (from == to) return EffectiveRate(from, to, BigDecimal.ONE, day, RateSource.OWN)
        val own = repository.latestOwn(userId, from, to, day)?.let { oriented(it, from, to, RateSource.OWN) }
        val reference = reference(from, to, day)
        return when {
            own == null -> reference
            reference == null || !reference.day.isAfter(own.day) -> own
            else -> reference
        }
    }

    private fun reference(from: String, to: String, day: LocalDate): EffectiveRate? {
        repository.latestReference(from, to, day)?.let { return oriented(it, from, to, RateSource.REFERENCE) }
        if (from == REFERENCE_BASE || to == REFERENCE_BASE) return null
        // Crossed via the reference base: from -> EUR -> to, dated by the older of the two legs.
        val fromLeg = repository.latestReference(REFERENCE_BASE, from, day) ?: return null
        val toLeg = repository.latestReference(REFERENCE_BASE, to, day) ?: return null
        val fromPerBase = oriented(fromLeg, REFERENCE_BASE, from, RateSource.REFERENCE).rate
        val toPerBase = oriented(toLeg, REFERENCE_BASE, to, RateSource.REFERENCE).rate
        val older = minOf(fromLeg.day, toLeg.day)
        return EffectiveRate(from, to, toPerBase.divide(fromPerBase, SCALE, RoundingMode.HALF_EVEN), older, RateSource.REFERENCE)
    }

    private fun oriented(row: RateRow, from: String, to: String, source: RateSource): EffectiveRate =
        if (row.base == from) EffectiveRate(from, to, row.rate, row.day, source)
        else EffectiveRate(from, to, BigDecimal.ONE.divide(row.rate, SCALE, RoundingMode.HALF_EVEN), row.day, source)

    companion object {
        /** Decimal places of a stored rate (numeric(20, 10)) and of a derived one. */
        const val SCALE = 10
        /** The base of the reference rates (the ECB publishes per EUR). */
        const val REFERENCE_BASE = "EUR"
    }
}

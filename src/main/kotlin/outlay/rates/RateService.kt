package outlay.rates

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.Checks
import outlay.platform.Money
import outlay.platform.NotFoundException
import outlay.platform.Reads
import outlay.platform.validate
import java.math.BigDecimal
import java.time.Clock
import java.time.LocalDate
import java.util.UUID

/** The rates a user enters by hand. */
@Service
class RateService(private val repository: RateRepository, private val rates: Rates, private val clock: Clock) {

    @Reads
    fun list(userId: UUID): List<RateView> = repository.list(userId, LIST_LIMIT).map { it.toView() }

    @Transactional
    fun put(userId: UUID, base: String, quote: String, day: LocalDate, request: RateRequest): RateView {
        var rate: BigDecimal? = null
        validate {
            pair(base, quote)
            rate = parseRate(request.rate)
            check(rate != null, "rate", "must be a positive decimal with at most 10 integer and 10 decimal digits")
        }
        val row = RateRow(day, base, quote, rate!!)
        repository.put(userId, row, clock.instant())
        return row.toView()
    }

    @Transactional
    fun delete(userId: UUID, base: String, quote: String, day: LocalDate) {
        validate { pair(base, quote) }
        if (!repository.delete(userId, day, base, quote)) throw NotFoundException("No rate $base/$quote on $day.")
    }

    @Reads
    fun effective(userId: UUID, from: String, to: String, day: LocalDate): EffectiveRateView {
        validate {
            check(Money.currency(from) != null, "from", "unknown currency")
            check(Money.currency(to) != null, "to", "unknown currency")
        }
        val rate = rates.effective(userId, from, to, day) ?: throw NotFoundException("No rate from $from to $to on or before $day.")
        return EffectiveRateView(rate.from, rate.to, Money.format(rate.rate), rate.day, rate.source.name.lowercase())
    }

    private fun Checks.pair(base: String, quote: String) {
        check(Money.currency(base) != null, "base", "unknown currency")
        check(Money.currency(quote) != null, "quote", "unknown currency")
        check(base != quote, "quote", "must differ from base")
    }

    private fun RateRow.toView() = RateView(day, base, quote, Money.format(rate))

    companion object {
        const val LIST_LIMIT = 1000
        private val RATE = Regex("""^\d{1,10}(\.\d{1,10})?$""")

        /** A positive rate that fits numeric(20, 10) exactly, or null. */
        fun parseRate(text: String): BigDecimal? =
            text.takeIf { RATE.matches(it) }?.let { BigDecimal(it) }?.takeIf { it.signum() > 0 }
    }
}

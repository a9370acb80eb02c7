package outlay.ledger.statistics

import io.swagger.v3.oas.annotations.media.Schema
import org.springframework.stereotype.Component
import outlay.ledger.Direction
import outlay.platform.Money
import outlay.platform.ValidationException
import outlay.platform.exactMinor
import outlay.preferences.PreferenceService
import outlay.rates.EffectiveRate
import outlay.rates.RateTable
import outlay.rates.Rates
import java.math.BigDecimal
import java.math.RoundingMode
import java.time.LocalDate
import java.time.YearMonth
import java.util.UUID

/** Per converted currency, which rate days were used. */
data class RateUse(
    val currency: String,
    @field:Schema(description = "The oldest day of a rate used for this currency")
    val oldestRateDate: LocalDate,
    @field:Schema(description = "The newest day of a rate used for this currency")
    val newestRateDate: LocalDate,
    @field:Schema(description = "Transaction days with no rate of their own, converted at the nearest earlier rate")
    val daysOnEarlierRate: Int,
)

@Schema(description = "Present when the totals are in the home currency (inHome=true)")
data class HomeConversion(
    val homeCurrency: String,
    val rates: List<RateUse>,
    @field:Schema(description = "Currencies with amounts on days without any rate to the home currency: those amounts stay in their own currency in the totals, never converted")
    val unconverted: List<String>,
)

/** Groups in the home currency (converted) and, in their own currency, those that could not be converted. */
data class InHome<K>(val groups: List<GroupTotal<K>>, val conversion: HomeConversion)

/**
 * Statistics in the user's home currency. Rows come grouped by day, currency and direction (and the
 * response's key); each day's sum is converted at that day's effective rate ([Rates]: the nearest on
 * or before it), exactly, and the converted sums of a response cell are rounded once, half-even, to
 * the home currency's minor units. Converting a day's sum equals converting each transaction and
 * summing, before that one rounding. All rates come from two statements, whatever the row count,
 * bounded to the period converted; each currency's days are converted in one pass over its rates.
 */
@Component
class HomeCurrency(private val preferences: PreferenceService, private val rates: Rates) {

    /** The user's home currency, or a 400 saying none is set (an API request reads it here; a page passes what it read). */
    fun of(userId: UUID): String = required(preferences.get(userId).homeCurrency)

    /** The rates converting [currencies] to [home] on [first]..[last] (null: nothing to convert). */
    fun table(userId: UUID, home: String, currencies: Set<String>, first: LocalDate?, last: LocalDate?): RateTable? =
        if (first == null || last == null || currencies.all { it == home }) null else rates.table(userId, home, currencies - home, first, last)

    /**
     * Whether [from] converts to [to] at one rate (or at none) on every day of [month]: then the
     * month's sum converts at once, exactly as its days would one by one (the rate multiplies each
     * day's sum alike), and the days need not be read.
     */
    fun steady(table: RateTable?, from: String, to: String, month: YearMonth): Boolean =
        table?.timeline(from, to, month.atDay(1), month.atEndOfMonth())?.steady() ?: true

    /** [table]: the rates to use, when the caller has read them already. */
    fun <K> convert(
        userId: UUID, home: String, groups: List<GroupTotal<K>>,
        table: RateTable? = groups.filter { it.currency != home }.mapNotNull { it.day }.let { days -> table(userId, home, groups.map { it.currency }.toSet(), days.minOrNull(), days.maxOrNull()) },
    ): InHome<K> {
        val converted = mutableMapOf<Pair<K, Direction>, Cell>()
        val unconverted = mutableListOf<GroupTotal<K>>()
        val used = mutableMapOf<String, Use>()
        val rateOf = ratesOf(home, groups, table)
        groups.forEachIndexed { index, g ->
            val amount = BigDecimal.valueOf(g.amountMinor, Money.digits(g.currency))
            val inHome = if (g.currency == home) amount else {
                val day = g.day ?: error("home-currency rows are grouped by day")
                val rate = rateOf[index]
                if (rate == null) null else {
                    used.getOrPut(g.currency) { Use(rate.day, rate.day) }.add(rate.day, day)
                    amount.multiply(rate.rate)
                }
            }
            if (inHome == null) unconverted += g.copy(day = null)
            else converted.getOrPut(g.key to g.direction) { Cell() }.add(inHome, g.transactions, g.items)
        }
        val digits = Money.digits(home)
        val inHomeGroups = converted.map { (key, cell) ->
            val minor = exactMinor(cell.amount.setScale(digits, RoundingMode.HALF_EVEN).movePointRight(digits))
            GroupTotal(key.first, home, key.second, minor, cell.transactions, cell.items)
        }
        val uses = used.toSortedMap().map { (currency, u) -> RateUse(currency, u.oldest, u.newest, u.earlierDays.size) }
        return InHome(inHomeGroups + unconverted, HomeConversion(home, uses, unconverted.map { it.currency }.distinct().sorted()))
    }

    /** Each item in the home currency at its day's rate, rounded half-even to the home currency's minor units. */
    fun items(userId: UUID, home: String, items: List<StatisticsItem>): List<StatisticsItem> {
        val table = items.filter { it.currency != home }.map { it.date }.let { days -> table(userId, home, items.map { it.currency }.toSet(), days.minOrNull(), days.maxOrNull()) }
        val digits = Money.digits(home)
        return items.map { item ->
            val rate = if (item.currency == home) null else table?.effective(item.currency, home, item.date)
            when {
                item.currency == home -> item.copy(homeAmount = item.amount, rateDate = item.date)
                rate == null -> item // no rate: reported as such (homeAmount null), never at 1:1
                else -> item.copy(homeAmount = BigDecimal(item.amount).multiply(rate.rate).setScale(digits, RoundingMode.HALF_EVEN).toPlainString(), rateDate = rate.day)
            }
        }
    }

    /**
     * Each group's rate to [home] (null: in [home] already, or no rate), per currency in one pass
     * over its groups in day order along the rates' timeline, rather than a lookup per group.
     */
    private fun <K> ratesOf(home: String, groups: List<GroupTotal<K>>, table: RateTable?): Array<EffectiveRate?> {
        val found = arrayOfNulls<EffectiveRate>(groups.size)
        if (table == null) return found
        groups.indices.filter { groups[it].currency != home && groups[it].day != null }.groupBy { groups[it].currency }.forEach { (currency, indices) ->
            val inOrder = indices.sortedBy { groups[it].day }
            val rateOn = table.timeline(currency, home, groups[inOrder.first()].day!!, groups[inOrder.last()].day!!).walk()
            inOrder.forEach { found[it] = rateOn(groups[it].day!!) }
        }
        return found
    }

    companion object {
        /** [home], or a 400 saying no home currency is set. */
        fun required(home: String?): String =
            home ?: throw ValidationException("inHome", "no home currency is set: choose one in your preferences (PUT /me/preferences)")
    }

    private class Cell(var amount: BigDecimal = BigDecimal.ZERO, var transactions: Long = 0, var items: Long = 0) {
        fun add(value: BigDecimal, transactions: Long, items: Long) {
            amount += value; this.transactions += transactions; this.items += items
        }
    }

    private class Use(var oldest: LocalDate, var newest: LocalDate, val earlierDays: MutableSet<LocalDate> = mutableSetOf()) {
        fun add(rateDay: LocalDate, day: LocalDate) {
            oldest = minOf(oldest, rateDay)
            newest = maxOf(newest, rateDay)
            if (rateDay != day) earlierDays += day
        }
    }
}

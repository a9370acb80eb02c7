package outlay.platform

import java.math.BigDecimal
import java.util.Currency

/**
 * Money is exact: decimal strings in JSON ("12.34"), integer minor units in storage, and the
 * number of minor-unit digits from ISO 4217 (JPY 0, EUR 2, BHD 3). Never floating point.
 */
object Money {
    private val DECIMAL = Regex("""^\d{1,13}(\.\d{1,4})?$""")

    /** A valid ISO 4217 code with a defined minor unit, or null. */
    fun currency(code: String): Currency? =
        runCatching { Currency.getInstance(code) }.getOrNull()?.takeIf { it.defaultFractionDigits >= 0 && it.currencyCode == code }

    /** Every code [currency] accepts, for the OpenAPI document's enum. */
    val CODES: Set<String> by lazy { Currency.getAvailableCurrencies().map { it.currencyCode }.filter { currency(it) != null }.toSet() }

    fun digits(currency: String): Int = Currency.getInstance(currency).defaultFractionDigits

    /** Parses a non-negative decimal string such as "12.34"; null when it is not one. */
    fun parse(text: String): BigDecimal? = if (DECIMAL.matches(text)) BigDecimal(text) else null

    /** Minor units of [amount] in [currency], or null when it has more decimals than the currency allows. */
    fun toMinor(amount: BigDecimal, currency: String): Long? {
        val scaled = normalize(amount)
        if (scaled.scale() > digits(currency)) return null
        return scaled.movePointRight(digits(currency)).longValueExact()
    }

    fun format(minor: Long, currency: String): String = BigDecimal.valueOf(minor, digits(currency)).toPlainString()

    /** A draft's decimal as the client would read it back: no trailing zeros beyond what was entered. */
    fun format(amount: BigDecimal): String = normalize(amount).toPlainString()

    /** 1.500 -> 1.5, 10 stays 10 (not 1E+1). */
    fun normalize(value: BigDecimal): BigDecimal = value.stripTrailingZeros().let { if (it.scale() < 0) it.setScale(0) else it }
}

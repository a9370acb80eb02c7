package outlay.web

import outlay.platform.Money
import java.math.BigDecimal
import java.text.NumberFormat
import java.util.Currency
import java.util.Locale

/**
 * Money as a person reads it in their language: `12,34 €` in German, `€12.34` in English, always
 * with the currency and exactly the currency's digits. One per page (NumberFormat is not thread-safe).
 */
class MoneyFormat(val locale: Locale) {
    private val formats = HashMap<String, NumberFormat>()

    /** [amount] in [currency] (ISO 4217), sign as given. */
    fun format(amount: BigDecimal, currency: String): String = formatter(currency).format(amount)

    /** Integer minor units, as stored. */
    fun formatMinor(minor: Long, currency: String): String = format(BigDecimal.valueOf(minor, Money.digits(currency)), currency)

    /** A decimal string as the JSON API and the services' views carry it ("12.34"). */
    fun format(amount: String, currency: String): String = format(BigDecimal(amount), currency)

    private fun formatter(currency: String): NumberFormat = formats.getOrPut(currency) {
        NumberFormat.getCurrencyInstance(locale).apply {
            this.currency = Currency.getInstance(currency)
            val digits = Money.digits(currency)
            minimumFractionDigits = digits
            maximumFractionDigits = digits
        }
    }

    /** The currency's name in the user's language, e.g. "Euro" — for currency pickers. */
    fun currencyName(code: String): String = Currency.getInstance(code).getDisplayName(locale)
}

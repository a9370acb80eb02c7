package outlay.web

import outlay.platform.Money
import java.util.Currency
import java.util.Locale

/** Currency choices for pickers: the user's own first, then the most used, then every other ISO 4217 code. */
object Currencies {
    private val COMMON = listOf("EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "CZK")
    private val ALL: List<String> = Currency.getAvailableCurrencies().map { it.currencyCode }
        .filter { Money.currency(it) != null && !it.startsWith("X") }.sorted()

    /** The currency of the user's country (from Accept-Language, e.g. de-AT -> EUR), when it has one. */
    fun forLocale(locale: Locale): String? =
        runCatching { Currency.getInstance(locale)?.currencyCode }.getOrNull()?.takeIf { Money.currency(it) != null }

    /** Value/label pairs for a select, e.g. "EUR" to "EUR · Euro". */
    fun options(money: MoneyFormat): List<Pair<String, String>> {
        val first = (listOfNotNull(forLocale(money.locale)) + COMMON).distinct()
        return (first + (ALL - first.toSet())).map { it to "$it \u00b7 ${money.currencyName(it)}" }
    }
}

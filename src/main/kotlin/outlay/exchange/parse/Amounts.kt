package outlay.exchange.parse

import java.math.BigDecimal

/**
 * Decimal numbers as banks print them: "1,234.56", "1.234,56", "1 234,56", "1'234.56",
 * "-12.50", "12.50-", "(12.50)", "+3", "€ 12,50". The decimal separator is decided once per
 * file from its values ([detectSeparator]); parsing is then exact (BigDecimal, never double).
 */
object Amounts {
    private val NOISE = Regex("""[\s\u00A0\u202F'’€$£¥₹]|\b[A-Z]{3}\b""")
    private val COMMA_DECIMAL = Regex("""^[-+]?\d{1,3}(\.\d{3})+,\d+$|^[-+]?\d+,\d{1,2}$|^[-+]?\d+,\d{4,}$""")
    private val POINT_DECIMAL = Regex("""^[-+]?\d{1,3}(,\d{3})+\.\d+$|^[-+]?\d+\.\d{1,2}$|^[-+]?\d+\.\d{4,}$""")
    private val NUMBER = Regex("""^\d+(\.\d+)?$""")

    /** ',' when the values read as decimal commas, else '.'; ambiguous values ("1,234") decide nothing. */
    fun detectSeparator(values: Iterable<String>): Char {
        var comma = 0
        var point = 0
        for (value in values) {
            val text = strip(value).trim('-', '+', '(', ')')
            if (COMMA_DECIMAL.matches(text)) comma++
            if (POINT_DECIMAL.matches(text)) point++
        }
        return if (comma > point) ',' else '.'
    }

    /** Whether [value] reads as an amount with either separator (for telling a header row from data). */
    fun looksLikeAmount(value: String): Boolean = parse(value, '.') != null || parse(value, ',') != null

    /** The exact value of [text] with [decimalSeparator], or null when it is not a number. */
    fun parse(text: String, decimalSeparator: Char): BigDecimal? {
        var s = strip(text)
        if (s.isEmpty()) return null
        var negative = false
        if (s.startsWith("(") && s.endsWith(")")) { negative = true; s = s.substring(1, s.length - 1) }
        if (s.endsWith("-")) { negative = !negative; s = s.dropLast(1) } else if (s.endsWith("+")) s = s.dropLast(1)
        if (s.startsWith("-") || s.startsWith("\u2212")) { negative = !negative; s = s.substring(1) } else if (s.startsWith("+")) s = s.substring(1)
        val grouping = if (decimalSeparator == ',') '.' else ','
        val parts = s.split(decimalSeparator)
        if (parts.size > 2) return null
        val whole = parts[0]
        if (whole.contains(grouping) && !Regex("""^\d{1,3}(\Q$grouping\E\d{3})+$""").matches(whole)) return null
        val plain = whole.replace(grouping.toString(), "") + (if (parts.size == 2) "." + parts[1] else "")
        if (!NUMBER.matches(plain)) return null
        val value = BigDecimal(plain)
        return if (negative) value.negate() else value
    }

    private fun strip(text: String) = text.replace(NOISE, "").trim()
}

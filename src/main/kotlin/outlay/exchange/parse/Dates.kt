package outlay.exchange.parse

import java.time.LocalDate
import java.time.format.DateTimeFormatter
import java.time.format.DateTimeFormatterBuilder
import java.time.format.ResolverStyle
import java.util.Locale

/**
 * The date formats bank files use, written as users know them ("dd.MM.yyyy"). A file's format is
 * the first candidate that reads every sampled value; day-first wins over month-first when both
 * do, unless the file uses decimal points (the US convention) — the preview shows the choice and
 * the mapping can override it.
 */
object Dates {
    private val DAY_FIRST = listOf("dd.MM.yyyy", "d.M.yyyy", "dd/MM/yyyy", "d/M/yyyy", "dd-MM-yyyy", "dd.MM.yy", "dd/MM/yy")
    private val MONTH_FIRST = listOf("MM/dd/yyyy", "M/d/yyyy", "MM-dd-yyyy", "MM/dd/yy", "M/d/yy")
    private val UNAMBIGUOUS = listOf("yyyy-MM-dd", "yyyy/MM/dd", "yyyy.MM.dd", "yyyyMMdd", "d MMM yyyy", "dd-MMM-yyyy", "dd MMM yyyy", "MMM d, yyyy")
    private val formatters = HashMap<String, DateTimeFormatter>()

    fun candidates(decimalSeparator: Char): List<String> =
        UNAMBIGUOUS + if (decimalSeparator == '.') MONTH_FIRST + DAY_FIRST else DAY_FIRST + MONTH_FIRST

    /** The first format that reads all of [values] (blank ones ignored), or null. */
    fun detect(values: List<String>, decimalSeparator: Char): String? {
        val present = values.map { it.trim() }.filter { it.isNotEmpty() }
        if (present.isEmpty()) return null
        return candidates(decimalSeparator).firstOrNull { pattern -> present.all { parse(it, pattern) != null } }
    }

    fun looksLikeDate(value: String): Boolean = candidates('.').any { parse(value.trim(), it) != null }

    /** [text] in [pattern]; a time after the date ("2026-03-02 14:05") is ignored. Null when it does not match. */
    fun parse(text: String, pattern: String): LocalDate? {
        val formatter = formatter(pattern) ?: return null
        val value = text.trim().let { t -> if (pattern.contains(' ')) t else t.substringBefore(' ').substringBefore('T') }
        return runCatching { LocalDate.parse(value, formatter) }.getOrNull()
    }

    /** Whether [pattern] is a date pattern this reader accepts (for a user's own choice). */
    fun isValid(pattern: String): Boolean = formatter(pattern) != null

    @Synchronized
    private fun formatter(pattern: String): DateTimeFormatter? = formatters.getOrPut(pattern) {
        // two-digit years fall in 1970..2069; four-letter "yyyy" reads strictly as a proleptic year
        val strict = pattern.replace("yyyy", "uuuu")
        runCatching {
            val builder = DateTimeFormatterBuilder().parseCaseInsensitive()
            if (strict.contains("yy") && !strict.contains("uuuu")) {
                builder.appendPattern(strict.substringBefore("yy"))
                    .appendValueReduced(java.time.temporal.ChronoField.YEAR, 2, 2, 1970)
                    .appendPattern(strict.substringAfter("yy"))
            } else builder.appendPattern(strict)
            builder.toFormatter(Locale.ENGLISH).withResolverStyle(ResolverStyle.STRICT)
        }.getOrNull() ?: return null
    }
}

package outlay.exchange.parse

import java.io.BufferedReader
import java.io.Reader
import java.math.BigDecimal

/** How a QIF file writes dates and amounts, detected from its first records. */
data class QifSettings(val dateFormat: String, val decimalSeparator: Char)

/**
 * Reads a QIF file (Quicken Interchange Format) record by record: the `!Type:Bank`, `Cash`,
 * `CCard`, `Oth A` and `Oth L` sections, with splits (`S`/`E`/`$`). No maintained JVM library
 * reads QIF, so this is a small line parser. Investment, category and memorised sections are
 * skipped. Quicken's dates ("1/ 5'04": an apostrophe before a year of 2000 or later) are
 * normalised to four-digit years before the detected format reads them.
 */
object QifStatementParser {
    private val SUPPORTED = setOf("bank", "cash", "ccard", "oth a", "oth l")
    private val QUICKEN_DATE = Regex("""^(\d{1,2})[/.-](\d{1,2})(['/.-])(\d{2}|\d{4})$""")

    fun detect(sample: String): QifSettings {
        val lines = sample.lineSequence().map { it.trim() }
        val dates = lines.filter { it.startsWith("D") }.map { normalizeDate(it.substring(1)) }.take(200).toList()
        val amounts = lines.filter { it.startsWith("T") || it.startsWith("U") || it.startsWith("$") }.map { it.substring(1) }.take(200).toList()
        val separator = Amounts.detectSeparator(amounts)
        return QifSettings(Dates.detect(dates, separator) ?: "MM/dd/yyyy", separator)
    }

    fun normalizeDate(raw: String): String {
        val text = raw.replace(" ", "")
        val match = QUICKEN_DATE.matchEntire(text) ?: return text
        val (first, second, separator, year) = match.destructured
        val fullYear = when {
            year.length == 4 -> year
            separator == "'" -> "20$year"
            year.toInt() < 70 -> "20$year"
            else -> "19$year"
        }
        return "$first/$second/$fullYear"
    }

    private class Record(val line: Long) {
        val fields = ArrayList<Triple<Char, String, Long>>()
    }

    fun read(reader: Reader, settings: QifSettings): Sequence<Parsed> = sequence {
        val lines = if (reader is BufferedReader) reader else BufferedReader(reader)
        var lineNumber = 0L
        var inTransactions = false
        var sawType = false
        var record: Record? = null
        while (true) {
            val raw = lines.readLine() ?: break
            lineNumber++
            val text = raw.trimEnd()
            if (text.isBlank()) continue
            if (text.startsWith("!")) {
                val header = text.substring(1).lowercase()
                if (header.startsWith("type:")) {
                    sawType = true
                    inTransactions = header.removePrefix("type:").trim() in SUPPORTED
                } else if (header.startsWith("account")) inTransactions = false
                record = null
                continue
            }
            if (!inTransactions) continue
            if (text.startsWith("^")) {
                record?.let { yield(toRow(it, settings)) }
                record = null
                continue
            }
            val current = record ?: Record(lineNumber).also { record = it }
            current.fields += Triple(text[0], text.substring(1).trim(), lineNumber)
        }
        if (!sawType) throw StatementException(StatementProblem(1, null, null, null, "This is not a QIF file: there is no !Type: line."))
        record?.let { yield(toRow(it, settings)) }
    }

    private fun toRow(record: Record, settings: QifSettings): Parsed {
        fun bad(code: Char, value: String, line: Long, message: String) = Parsed.Problem(StatementProblem(line, 2, code.toString(), value, message))
        fun amount(value: String): BigDecimal? = Amounts.parse(value, settings.decimalSeparator)

        val dateField = record.fields.firstOrNull { it.first == 'D' }
            ?: return Parsed.Problem(StatementProblem(record.line, 1, "D", null, "The record has no date (D line)."))
        val date = Dates.parse(normalizeDate(dateField.second), settings.dateFormat)
            ?: return bad('D', dateField.second, dateField.third, "Not a date in the format ${settings.dateFormat}.")
        val amountField = record.fields.firstOrNull { it.first == 'T' } ?: record.fields.firstOrNull { it.first == 'U' }
            ?: return Parsed.Problem(StatementProblem(record.line, 1, "T", null, "The record has no amount (T line)."))
        val total = amount(amountField.second)
            ?: return bad(amountField.first, amountField.second, amountField.third, "Not an amount with '${settings.decimalSeparator}' as decimal separator.")

        val splits = ArrayList<StatementSplit>()
        var category: String? = null
        var memo: String? = null
        for ((code, value, line) in record.fields) {
            when (code) {
                // a split category without a $ line carries no money and is dropped
                'S' -> { category = value; memo = null }
                'E' -> memo = value
                '$' -> {
                    val part = amount(value) ?: return bad(code, value, line, "Not an amount with '${settings.decimalSeparator}' as decimal separator.")
                    splits += StatementSplit(part, categoryName(category), memo?.ifEmpty { null })
                    category = null; memo = null
                }
            }
        }
        if (splits.isNotEmpty() && splits.sumOf { it.amount }.compareTo(total) != 0) {
            return bad(amountField.first, amountField.second, amountField.third,
                "The splits add up to ${splits.sumOf { it.amount }.toPlainString()}, not to the total.")
        }
        fun field(code: Char) = record.fields.firstOrNull { it.first == code }?.second?.ifEmpty { null }
        val rawCategory = field('L')
        val transfer = rawCategory?.takeIf { it.startsWith("[") }?.trim('[', ']')
        return Parsed.Row(
            StatementRow(
                line = record.line, date = date, amount = total, description = field('M'), payee = field('P'),
                category = if (transfer != null) null else categoryName(rawCategory),
                note = transfer?.let { "Transfer: $it" } ?: field('N')?.let { "Number $it" },
                splits = splits,
            ),
        )
    }

    /** "Food:Groceries/Holiday" -> "Food:Groceries": the class after '/' is not a category. */
    private fun categoryName(raw: String?): String? = raw?.substringBefore('/')?.trim()?.ifEmpty { null }
}

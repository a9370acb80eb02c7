package outlay.exchange.parse

import org.apache.commons.csv.CSVFormat
import java.io.StringReader

/** A CSV file's detected settings and its column names. */
data class CsvLayout(val settings: CsvSettings, val columnNames: List<String>)

/**
 * Detects a CSV file's layout from its first bytes: the delimiter whose field count is the
 * most consistent, whether the first row is a header (no cell in it reads as a date or an
 * amount), the column mapping from the header's words (or, without a header, from what the
 * columns hold), then the decimal separator and date format from the mapped columns' values.
 */
object CsvDetector {
    private val DELIMITERS = listOf(',', ';', '\t', '|')
    private const val SAMPLE_RECORDS = 50

    fun format(delimiter: Char): CSVFormat = CSVFormat.DEFAULT.builder()
        .setDelimiter(delimiter).setIgnoreEmptyLines(false).setTrim(true).setIgnoreSurroundingSpaces(true).get()

    fun detect(sample: String, complete: Boolean = true): CsvLayout {
        val (delimiter, records) = DELIMITERS.map { it to records(sample, it, complete) }
            .maxBy { (_, rows) -> score(rows) }
        val first = records.firstOrNull() ?: emptyList()
        val hasHeader = first.isNotEmpty() && first.none { it.isNotBlank() && (Dates.looksLikeDate(it) || Amounts.looksLikeAmount(it)) }
        val names = columnNames(first, hasHeader)
        val data = if (hasHeader) records.drop(1) else records
        fun values(column: String?): List<String> = column?.let { names.indexOf(it) }?.takeIf { it >= 0 }
            ?.let { index -> data.mapNotNull { it.getOrNull(index) } } ?: emptyList()

        var columns = if (hasHeader) ColumnMapping.guess(names) else ColumnMapping(date = null)
        if (columns.date == null) columns = columns.copy(date = names.indices.firstOrNull { i -> column(data, i).let { v -> v.isNotEmpty() && v.all(Dates::looksLikeDate) } }?.let { names[it] })
        if (columns.amount == null && columns.debit == null) {
            columns = columns.copy(amount = names.indices.firstOrNull { i -> names[i] != columns.date && column(data, i).let { v -> v.isNotEmpty() && v.all(Amounts::looksLikeAmount) } }?.let { names[it] })
        }
        if (columns.description == null) {
            val used = columns.fields().map { it.second }.toSet()
            columns = columns.copy(description = names.indices.filter { names[it] !in used }.maxByOrNull { i -> column(data, i).sumOf { it.length } }?.let { names[it] })
        }
        val separator = Amounts.detectSeparator(values(columns.amount) + values(columns.debit) + values(columns.credit))
        val dateFormat = Dates.detect(values(columns.date), separator) ?: "yyyy-MM-dd"
        return CsvLayout(CsvSettings(delimiter, hasHeader, dateFormat, separator, columns), names)
    }

    /** Column names: the header's cells (blank ones and repeats made unique), or "Column 1", "Column 2", … */
    fun columnNames(first: List<String>, hasHeader: Boolean): List<String> {
        if (!hasHeader) return first.indices.map { "Column ${it + 1}" }
        val seen = HashMap<String, Int>()
        return first.mapIndexed { i, cell ->
            val base = cell.trim().ifEmpty { "Column ${i + 1}" }
            val n = seen.merge(base, 1, Int::plus)!!
            if (n == 1) base else "$base ($n)"
        }
    }

    private fun column(data: List<List<String>>, index: Int) = data.mapNotNull { it.getOrNull(index)?.takeIf(String::isNotBlank) }

    /** Records of the sample, without blank lines and without the last one (the sample may cut it). */
    private fun records(sample: String, delimiter: Char, complete: Boolean): List<List<String>> {
        val out = ArrayList<List<String>>()
        try {
            format(delimiter).parse(StringReader(sample)).use { parser ->
                for (record in parser) {
                    val cells = record.toList()
                    if (cells.all { it.isBlank() }) continue
                    out += cells
                    if (out.size > SAMPLE_RECORDS) break
                }
            }
        } catch (_: Exception) {
            // a quote the sample cut in half: the records before it still count
        }
        return if (!complete && out.size > 1) out.dropLast(1) else out
    }

    /** Rows agreeing on the most common field count (more than one field), then wider wins. */
    private fun score(rows: List<List<String>>): Int {
        val counts = rows.groupingBy { it.size }.eachCount().filterKeys { it > 1 }
        val (width, agreeing) = counts.maxWithOrNull(compareBy({ it.value }, { it.key }))?.toPair() ?: return 0
        return agreeing * 100 + width
    }
}

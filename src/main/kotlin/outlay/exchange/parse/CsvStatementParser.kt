package outlay.exchange.parse

import org.apache.commons.csv.CSVRecord
import java.io.Reader
import java.io.UncheckedIOException
import java.math.BigDecimal

/**
 * Reads a CSV file record by record (Apache Commons CSV) into rows with [CsvSettings]. A bad
 * value makes that row a problem and reading goes on; a break in the file's syntax (a quote
 * never closed) ends it with a [StatementException] naming the line.
 */
object CsvStatementParser {

    fun read(reader: Reader, settings: CsvSettings): Sequence<Parsed> =
        if (settings.columns.transaction == null) records(reader, settings) else grouped(records(reader, settings))

    /**
     * Consecutive rows with the same transaction value become one row whose splits are the items
     * (Outlay's own export writes one row per item). A group with a bad row is that row's problem.
     */
    private fun grouped(rows: Sequence<Parsed>): Sequence<Parsed> = sequence {
        val group = ArrayList<StatementRow>()
        suspend fun SequenceScope<Parsed>.flush() {
            if (group.isEmpty()) return
            val first = group.first()
            yield(
                Parsed.Row(
                    if (group.size == 1) first
                    else first.copy(
                        amount = group.sumOf { it.amount },
                        splits = group.map { StatementSplit(it.amount, it.category, it.description) },
                    ),
                ),
            )
            group.clear()
        }
        for (parsed in rows) {
            if (parsed is Parsed.Row) {
                val id = parsed.row.externalId
                if (id == null || group.firstOrNull()?.externalId != id) flush()
                group += parsed.row
                if (id == null) flush()
            } else {
                flush()
                yield(parsed)
            }
        }
        flush()
    }

    private fun records(reader: Reader, settings: CsvSettings): Sequence<Parsed> = sequence {
        val parser = CsvDetector.format(settings.delimiter).parse(reader)
        val records = parser.iterator()
        var names: List<String>? = null
        var index: Map<String, Int> = emptyMap()
        var lastLine = 0L
        while (true) {
            val record = try {
                if (!records.hasNext()) break
                records.next()
            } catch (e: UncheckedIOException) {
                throw StatementException(StatementProblem(lastLine + 1, null, null, null, "The file's CSV syntax breaks here: ${e.cause?.message ?: e.message}"))
            }
            val line = lastLine + 1
            lastLine = parser.currentLineNumber
            val cells = record.toList()
            if (cells.all { it.isBlank() }) continue
            if (names == null) {
                names = CsvDetector.columnNames(cells, settings.hasHeader)
                index = names.withIndex().associate { it.value to it.index }
                missingColumns(settings.columns, index.keys).takeIf { it.isNotEmpty() }?.let { throw StatementException(it) }
                if (settings.hasHeader) continue
            }
            yield(row(line, record, names, index, settings))
        }
    }

    private fun missingColumns(columns: ColumnMapping, present: Set<String>): List<StatementProblem> {
        val problems = columns.fields().filter { it.second !in present }
            .map { (field, column) -> StatementProblem(1, null, column, null, "The $field column \"$column\" is not in the file.") }
        val noDate = if (columns.date == null) listOf(StatementProblem(1, null, null, null, "No column is mapped to the date.")) else emptyList()
        val noAmount = if (columns.amount == null && (columns.debit == null || columns.credit == null))
            listOf(StatementProblem(1, null, null, null, "No column is mapped to the amount (or to both debit and credit).")) else emptyList()
        return problems + noDate + noAmount
    }

    private fun row(line: Long, record: CSVRecord, names: List<String>, index: Map<String, Int>, settings: CsvSettings): Parsed {
        val columns = settings.columns
        if (record.size() != names.size) {
            return Parsed.Problem(StatementProblem(line, null, null, record.joinToString(settings.delimiter.toString()),
                "The row has ${record.size()} fields where the header has ${names.size}."))
        }
        fun cell(column: String?): String? = column?.let { index[it] }?.let { record.get(it).trim() }?.ifEmpty { null }
        fun problem(column: String, value: String?, message: String) =
            Parsed.Problem(StatementProblem(line, index[column]?.plus(1), column, value, message))

        val dateText = cell(columns.date) ?: return problem(columns.date!!, null, "The date is missing.")
        val date = Dates.parse(dateText, settings.dateFormat)
            ?: return problem(columns.date!!, dateText, "Not a date in the format ${settings.dateFormat}.")
        fun amountOf(column: String): Result<BigDecimal?> {
            val text = cell(column) ?: return Result.success(null)
            return Amounts.parse(text, settings.decimalSeparator)?.let { Result.success(it) }
                ?: Result.failure(IllegalArgumentException(text))
        }
        val amount: BigDecimal = if (columns.amount != null) {
            val parsed = amountOf(columns.amount)
            parsed.exceptionOrNull()?.let { return problem(columns.amount, it.message, "Not an amount with '${settings.decimalSeparator}' as decimal separator.") }
            parsed.getOrNull() ?: return problem(columns.amount, null, "The amount is missing.")
        } else {
            val debit = amountOf(columns.debit!!)
            debit.exceptionOrNull()?.let { return problem(columns.debit, it.message, "Not an amount with '${settings.decimalSeparator}' as decimal separator.") }
            val credit = amountOf(columns.credit!!)
            credit.exceptionOrNull()?.let { return problem(columns.credit, it.message, "Not an amount with '${settings.decimalSeparator}' as decimal separator.") }
            val out = debit.getOrNull()?.abs()
            val `in` = credit.getOrNull()?.abs()
            when {
                out == null && `in` == null -> return problem(columns.debit, null, "Neither a debit nor a credit amount.")
                out != null && `in` != null && out.signum() != 0 && `in`.signum() != 0 ->
                    return problem(columns.credit, credit.getOrNull()?.toPlainString(), "Both a debit and a credit amount.")
                else -> (`in` ?: BigDecimal.ZERO) - (out ?: BigDecimal.ZERO)
            }
        }
        return Parsed.Row(
            StatementRow(
                line = line, date = date, amount = amount, description = cell(columns.description), payee = cell(columns.seller),
                category = cell(columns.category), currency = cell(columns.currency)?.uppercase(), note = cell(columns.note),
                account = cell(columns.account), mode = cell(columns.mode)?.lowercase(), externalId = cell(columns.transaction),
            ),
        )
    }
}

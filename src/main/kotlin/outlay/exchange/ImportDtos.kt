package outlay.exchange

import outlay.exchange.parse.ColumnMapping
import outlay.exchange.parse.CsvSettings
import outlay.exchange.parse.QifSettings
import outlay.exchange.parse.StatementProblem
import java.time.LocalDate
import java.util.UUID

/** How to read the file, as the client corrects it; anything left out is detected (or remembered for the account). */
data class ImportRequest(
    val accountId: UUID,
    val csv: CsvSettingsDto? = null,
    val qif: QifSettingsDto? = null,
)

/** A CSV file's settings in JSON: one-character strings for the delimiter and the decimal separator. */
data class CsvSettingsDto(
    val delimiter: String,
    val hasHeader: Boolean,
    val dateFormat: String,
    val decimalSeparator: String,
    val columns: ColumnMapping,
)

data class QifSettingsDto(val dateFormat: String, val decimalSeparator: String)

fun CsvSettings.toDto() = CsvSettingsDto(delimiter.toString(), hasHeader, dateFormat, decimalSeparator.toString(), columns)
fun QifSettings.toDto() = QifSettingsDto(dateFormat, decimalSeparator.toString())

/** An uploaded file: what was detected, and the CSV settings a preview will use unless told otherwise. */
data class UploadView(
    val id: UUID,
    val filename: String?,
    val sizeBytes: Long,
    val format: String,
    val encoding: String,
    val columns: List<String>,
    val csv: CsvSettingsDto?,
    val qif: QifSettingsDto?,
)

data class ProblemView(val line: Long, val column: Int?, val field: String?, val value: String?, val message: String)

fun StatementProblem.toView() = ProblemView(line, column, field, value, message)

data class PreviewItem(val amount: String, val category: String, val description: String?, val isReduction: Boolean)

/** One row as Outlay would record it. */
data class PreviewRow(
    val line: Long,
    val date: LocalDate,
    val direction: String,
    val total: String,
    val currency: String,
    val seller: String?,
    val newSeller: Boolean,
    val note: String?,
    val items: List<PreviewItem>,
    val uncategorised: Boolean,
    val duplicate: Boolean,
)

data class PreviewView(
    val id: UUID,
    val accountId: UUID,
    val format: String,
    val encoding: String,
    val columns: List<String>,
    /** The settings this preview read the file with, and where they came from: request, remembered or detected. */
    val csv: CsvSettingsDto?,
    val csvSource: String?,
    val qif: QifSettingsDto?,
    /** The first rows as they would be recorded. */
    val rows: List<PreviewRow>,
    val rowCount: Int,
    val toRecord: Int,
    val duplicates: Int,
    /** Lines of rows already imported (first 1,000). */
    val duplicateLines: List<Long>,
    val skipped: Int,
    /** Rows whose category matched nothing, and the category they go to instead. */
    val uncategorised: Int,
    val uncategorisedCategory: String,
    val newSellers: Int,
    val problemCount: Int,
    /** Every problem, by line and column (first 1,000). */
    val problems: List<ProblemView>,
)

data class ImportResult(val id: UUID, val accountId: UUID, val recorded: Int, val duplicates: Int, val skipped: Int)

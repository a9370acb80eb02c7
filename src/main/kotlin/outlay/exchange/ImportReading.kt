package outlay.exchange

import outlay.exchange.parse.CsvSettings
import outlay.exchange.parse.Dates
import outlay.exchange.parse.Parsed
import outlay.exchange.parse.QifSettings
import outlay.exchange.parse.ReadSettings
import outlay.exchange.parse.StatementFiles
import outlay.exchange.parse.StatementFormat
import outlay.exchange.parse.StatementInspection
import outlay.platform.ValidationException
import java.io.InputStream

/** The settings a preview or an import reads a file with, and where the CSV settings came from. */
data class Reading(val inspection: StatementInspection, val settings: ReadSettings, val csvSource: String?)

/**
 * Decides how to read an upload: what the client sent, else what was remembered for the
 * account (when the file has those columns), else what was detected. Then reads it in chunks.
 */
object ImportReading {
    const val CHUNK = 1000

    fun decide(inspection: StatementInspection, request: ImportRequest, remembered: CsvSettings?): Reading {
        val base = StatementFiles.settings(inspection)
        return when (inspection.format) {
            StatementFormat.CSV -> {
                val columns = inspection.csv!!.columnNames.toSet()
                val requested = request.csv?.let { toSettings(it) }
                val fits = remembered?.takeIf { r -> r.columns.fields().all { it.second in columns } }
                val (settings, source) = when {
                    requested != null -> requested to "request"
                    fits != null -> fits to "remembered"
                    else -> inspection.csv.settings to "detected"
                }
                Reading(inspection, base.copy(csv = settings), source)
            }
            StatementFormat.QIF -> {
                val qif = request.qif?.let { QifSettings(checkedDate(it.dateFormat, "qif.dateFormat"), decimal(it.decimalSeparator, "qif.decimalSeparator")) }
                Reading(inspection, base.copy(qif = qif ?: inspection.qif), null)
            }
            StatementFormat.OFX -> Reading(inspection, base, null)
        }
    }

    /** Reads [input] with [reading], handing over [CHUNK] entries at a time. */
    inline fun chunks(input: InputStream, reading: Reading, block: (List<Parsed>) -> Unit) {
        StatementFiles.read(input, reading.settings).chunked(CHUNK).forEach(block)
    }

    private fun toSettings(dto: CsvSettingsDto) = CsvSettings(
        delimiter = separator(dto.delimiter, "csv.delimiter"),
        hasHeader = dto.hasHeader,
        dateFormat = checkedDate(dto.dateFormat, "csv.dateFormat"),
        decimalSeparator = decimal(dto.decimalSeparator, "csv.decimalSeparator"),
        columns = dto.columns,
    )

    private fun checkedDate(pattern: String, field: String): String =
        pattern.takeIf { Dates.isValid(it) } ?: throw ValidationException(field, "is not a date pattern such as dd.MM.yyyy")

    private fun decimal(text: String, field: String): Char =
        text.singleOrNull()?.takeIf { it == '.' || it == ',' } ?: throw ValidationException(field, "must be \".\" or \",\"")

    private fun separator(text: String, field: String): Char =
        text.singleOrNull() ?: throw ValidationException(field, "must be one character")
}

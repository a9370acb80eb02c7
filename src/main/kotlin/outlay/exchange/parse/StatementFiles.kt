package outlay.exchange.parse

import java.io.InputStream
import java.nio.charset.Charset

/** What the first bytes of a file say about it: format, encoding and how its values are written. */
data class StatementInspection(
    val format: StatementFormat,
    val charset: Charset,
    val csv: CsvLayout? = null,
    val qif: QifSettings? = null,
)

/** How to read a whole file: the inspection's findings, possibly corrected by the user. */
data class ReadSettings(
    val format: StatementFormat,
    val charset: Charset,
    val csv: CsvSettings? = null,
    val qif: QifSettings? = null,
)

/** The one entry point to the parsers: inspect a file's head, then stream its rows. */
object StatementFiles {
    private val QIF_HEADER = Regex("""^!(Type|Account|Option|Clear)""", RegexOption.IGNORE_CASE)

    /** Reads only the first [TextSource.SAMPLE_BYTES] of [input]. */
    fun inspect(input: InputStream): StatementInspection {
        val source = TextSource.open(input)
        val head = source.sample.trimStart()
        return when (formatOf(head)) {
            StatementFormat.OFX -> StatementInspection(StatementFormat.OFX, source.charset)
            StatementFormat.QIF -> StatementInspection(StatementFormat.QIF, source.charset, qif = QifStatementParser.detect(source.sample))
            StatementFormat.CSV -> StatementInspection(StatementFormat.CSV, source.charset, csv = CsvDetector.detect(source.sample, source.complete))
        }
    }

    fun settings(inspection: StatementInspection) =
        ReadSettings(inspection.format, inspection.charset, inspection.csv?.settings, inspection.qif)

    /** The rows and problems of [input], read lazily; the caller closes [input] when done. */
    fun read(input: InputStream, settings: ReadSettings): Sequence<Parsed> {
        val reader = TextSource.open(input, settings.charset).reader
        return when (settings.format) {
            StatementFormat.OFX -> OfxStatementParser.read(reader)
            StatementFormat.QIF -> QifStatementParser.read(reader, settings.qif ?: error("QIF settings missing"))
            StatementFormat.CSV -> CsvStatementParser.read(reader, settings.csv ?: error("CSV settings missing"))
        }
    }

    private fun formatOf(head: String): StatementFormat = when {
        head.startsWith("OFXHEADER", ignoreCase = true) || head.startsWith("<OFX", ignoreCase = true) -> StatementFormat.OFX
        head.startsWith("<?xml", ignoreCase = true) && head.contains("<OFX", ignoreCase = true) -> StatementFormat.OFX
        QIF_HEADER.containsMatchIn(head) -> StatementFormat.QIF
        else -> StatementFormat.CSV
    }
}

package outlay.rates

import org.apache.commons.csv.CSVFormat
import org.slf4j.LoggerFactory
import org.springframework.boot.context.event.ApplicationReadyEvent
import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.context.event.EventListener
import org.springframework.scheduling.annotation.Scheduled
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate
import outlay.platform.Money
import java.io.InputStream
import java.io.Reader
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.time.LocalDate
import java.time.format.DateTimeFormatter
import java.util.Locale
import java.util.zip.ZipInputStream

/**
 * Where the ECB's reference rates come from, if anywhere: a file ([path]) or an address ([url]), the
 * daily or historical eurofxref CSV (or its zip). Both empty by default: reference rates are optional.
 */
@ConfigurationProperties("outlay.rates.ecb")
data class EcbProperties(val path: String = "", val url: String = "")

/** Reads the ECB's eurofxref CSV: a header `Date, USD, JPY, ...` and per line a day and the units of each per 1 EUR. */
object EcbCsv {
    fun parse(reader: Reader): List<RateRow> {
        val records = CSVFormat.DEFAULT.builder().setIgnoreSurroundingSpaces(true).get().parse(reader).records
        val header = records.firstOrNull()?.toList() ?: return emptyList()
        require(header.firstOrNull().equals("Date", ignoreCase = true)) { "not an ECB eurofxref file (first column ${header.firstOrNull()})" }
        return records.drop(1).flatMap { record ->
            val day = record.get(0).takeIf { it.isNotBlank() }?.let(::day) ?: return@flatMap emptyList()
            (1 until minOf(header.size, record.size())).mapNotNull { i ->
                val code = header[i]
                // "N/A" marks a currency not quoted that day; a retired code (e.g. CYP) is not ISO 4217 any more.
                val rate = RateService.parseRate(record.get(i)) ?: return@mapNotNull null
                if (Money.currency(code) == null || code == Rates.REFERENCE_BASE) null
                else RateRow(day, Rates.REFERENCE_BASE, code, rate)
            }
        }
    }

    // The historical file writes 2026-03-02, the daily one "2 March 2026".
    private val DAILY = DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.ENGLISH)

    private fun day(text: String): LocalDate = if (text.first().isDigit() && text.contains('-')) LocalDate.parse(text) else LocalDate.parse(text, DAILY)

    /** The CSV itself, or the first entry of a zip (the ECB serves both). */
    fun parse(bytes: ByteArray): List<RateRow> {
        val zipped = bytes.size > 1 && bytes[0] == 'P'.code.toByte() && bytes[1] == 'K'.code.toByte()
        val input: InputStream = if (zipped) ZipInputStream(bytes.inputStream()).also { it.nextEntry } else bytes.inputStream()
        return input.reader(Charsets.UTF_8).use { parse(it) }
    }
}

/** Loads the configured reference-rate file at start-up and each evening after the ECB publishes. */
@Component
class EcbRates(private val properties: EcbProperties, private val repository: RateRepository, private val transactions: TransactionTemplate) {
    private val log = LoggerFactory.getLogger(javaClass)

    @EventListener(ApplicationReadyEvent::class)
    fun atStartUp() {
        // In the background: a slow or unreachable address never holds up the server.
        if (configured()) Thread.ofVirtual().name("ecb-rates").start { refresh() }
    }

    // The ECB publishes around 16:00 CET on working days.
    @Scheduled(cron = "0 30 16 * * *", zone = "Europe/Berlin")
    fun daily() {
        if (configured()) refresh()
    }

    private fun configured() = properties.path.isNotBlank() || properties.url.isNotBlank()

    /** Loads the configured file; a failure is logged and leaves the rates as they were. */
    fun refresh() {
        try {
            val count = load(read())
            log.info("Loaded {} reference rates from {}", count, properties.path.ifBlank { properties.url })
        } catch (e: Exception) {
            log.warn("Reference rates not loaded from {}: {}", properties.path.ifBlank { properties.url }, e.toString())
        }
    }

    /** Stores the rates of [bytes] (an eurofxref CSV or zip), replacing those of the days it lists; the count. */
    fun load(bytes: ByteArray): Int {
        val rows = EcbCsv.parse(bytes)
        transactions.executeWithoutResult { repository.replaceReference(rows) }
        return rows.size
    }

    private fun read(): ByteArray =
        if (properties.path.isNotBlank()) Files.readAllBytes(Path.of(properties.path))
        else HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NORMAL).build().use { client ->
            val response = client.send(
                HttpRequest.newBuilder(URI.create(properties.url)).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofByteArray(),
            )
            check(response.statusCode() == 200) { "HTTP ${response.statusCode()}" }
            response.body()
        }
}

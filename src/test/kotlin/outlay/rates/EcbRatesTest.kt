package outlay.rates

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.assertProblem
import java.io.ByteArrayOutputStream
import java.math.BigDecimal
import java.time.LocalDate
import java.util.zip.ZipEntry
import java.util.zip.ZipOutputStream
import kotlin.test.assertEquals

/** The ECB's file is the boundary: a small file in its format stands for it (no network in tests). */
class EcbRatesTest : ApiTest() {
    @Autowired
    lateinit var ecb: EcbRates

    private val sample = javaClass.getResource("/rates/eurofxref-hist-sample.csv")!!.readBytes()

    private fun Ledger.effective(from: String, to: String, day: String) =
        Ledger.ok(get("/rates/effective?from=$from&to=$to&day=$day")).let { listOf(it.text("rate"), it.text("rateDate"), it.text("source")) }

    @Test
    fun `the historical file, its zip and the daily file are read, N-A and trailing empty columns are skipped`() {
        val rows = EcbCsv.parse(sample)
        assertEquals(3 * 3 + 1, rows.size)
        assertEquals(RateRow(LocalDate.of(1999, 3, 1), "EUR", "ISK", BigDecimal("78.50")), rows.single { it.quote == "ISK" })
        val zip = ByteArrayOutputStream().also { out ->
            ZipOutputStream(out).use { it.putNextEntry(ZipEntry("eurofxref-hist.csv")); it.write(sample) }
        }.toByteArray()
        assertEquals(rows, EcbCsv.parse(zip))
        val daily = "Date, USD, JPY, \n4 March 1999, 1.0900, 130.00, \n".toByteArray()
        assertEquals(rows.filter { it.day == LocalDate.of(1999, 3, 4) && it.quote != "GBP" }, EcbCsv.parse(daily))
    }

    @Test
    fun `loaded reference rates convert directly, inverted and crossed via EUR, a user's own rate wins on its day`() {
        assertEquals(10, ecb.load(sample))
        val ann = Ledger(api)
        assertEquals(listOf("1.09", "1999-03-04", "reference"), ann.effective("EUR", "USD", "1999-03-05"))
        assertEquals(listOf("0.9090909091", "1999-03-03", "reference"), ann.effective("USD", "EUR", "1999-03-03"))
        // GBP per USD = 0.68 / 1.10, half-even to 10 places
        assertEquals(listOf("0.6181818182", "1999-03-03", "reference"), ann.effective("USD", "GBP", "1999-03-03"))
        assertEquals(listOf("0.0127388535", "1999-03-01", "reference"), ann.effective("ISK", "EUR", "1999-03-04"), "the nearest earlier day")

        Ledger.ok(ann.put("/rates/USD/EUR/1999-03-03", mapOf("rate" to "0.95")))
        assertEquals(listOf("0.95", "1999-03-03", "own"), ann.effective("USD", "EUR", "1999-03-03"))
        assertEquals(listOf("0.9174311927", "1999-03-04", "reference"), ann.effective("USD", "EUR", "1999-03-04"), "a newer reference rate")
        assertEquals(listOf("0.9090909091", "1999-03-03", "reference"), Ledger(api).effective("USD", "EUR", "1999-03-03"), "only ann's")

        // Loading again replaces the days the file lists rather than adding to them.
        assertEquals(1, ecb.load("Date,USD,\n1999-03-04,1.0950,\n".toByteArray()))
        assertEquals(listOf("1.095", "1999-03-04", "reference"), ann.effective("EUR", "USD", "1999-03-04"))
        assertEquals(listOf("131.5", "1999-03-03", "reference"), ann.effective("EUR", "JPY", "1999-03-04"), "1999-03-04 now has USD only")
        Ledger(api).get("/rates/effective?from=EUR&to=BRL&day=1999-03-04").assertProblem(404, "not-found")
    }
}

package outlay.exchange

import org.junit.jupiter.api.Test
import outlay.exchange.parse.QifSettings
import outlay.exchange.parse.StatementFormat
import outlay.exchange.parse.StatementProblem
import outlay.exchange.parse.StatementRow
import outlay.exchange.parse.StatementSplit
import java.math.BigDecimal
import java.time.LocalDate
import kotlin.test.assertEquals

class OfxQifParsingTest {

    @Test
    fun `OFX 1 in SGML - element tags never closed, a raw ampersand, dates with a time zone`() {
        val file = SampleFiles.inspect("statement-v1.ofx")
        assertEquals(StatementFormat.OFX, file.inspection.format)
        assertEquals(
            listOf(
                StatementRow(39, LocalDate.of(2026, 3, 2), BigDecimal("-42.50"), "Weekly shop", "GROCERY & CO", currency = "USD", externalId = "20260302001"),
                StatementRow(47, LocalDate.of(2026, 3, 4), BigDecimal("-120.00"), payee = "CITY WATER", currency = "USD", note = "Check 1042", externalId = "20260304002"),
                StatementRow(55, LocalDate.of(2026, 3, 5), BigDecimal("1500.00"), payee = "ACME PAYROLL", currency = "USD", externalId = "20260305003"),
            ),
            file.rows(),
        )
        assertEquals(emptyList(), file.problems())
    }

    @Test
    fun `OFX 2 in XML - a credit card statement, entities, a payee aggregate and a foreign currency`() {
        val file = SampleFiles.inspect("statement-v2.ofx")
        assertEquals(StatementFormat.OFX, file.inspection.format)
        assertEquals(
            listOf(
                StatementRow(21, LocalDate.of(2026, 3, 10), BigDecimal("-89.90"), "Shirt <blue>", "Marks & Spencer", currency = "EUR", externalId = "CC-0001"),
                StatementRow(29, LocalDate.of(2026, 3, 12), BigDecimal("-20.00"), payee = "Parking Garage", currency = "GBP", externalId = "CC-0002"),
            ),
            file.rows(),
        )
    }

    @Test
    fun `OFX problems name the tag, line, column and value`() {
        val text = SampleFiles.bytes("statement-v1.ofx").toString(Charsets.US_ASCII)
            .replace("<TRNAMT>-120.00", "<TRNAMT>-12O.00").replace("<DTPOSTED>20260305", "<DTPOSTED>2026-3-5")
        val file = SampleFiles.inspectText(text)
        assertEquals(listOf(39L), file.rows().map { it.line })
        assertEquals(
            listOf(
                StatementProblem(50, 9, "TRNAMT", "-12O.00", "Not an amount."),
                StatementProblem(57, 11, "DTPOSTED", "2026-3-5", "Not an OFX date (YYYYMMDD, optionally followed by the time)."),
            ),
            file.problems(),
        )
    }

    @Test
    fun `QIF with Quicken dates, splits, a transfer and a check number`() {
        val file = SampleFiles.inspect("splits.qif")
        assertEquals(StatementFormat.QIF, file.inspection.format)
        assertEquals(QifSettings("M/d/yyyy", '.'), file.inspection.qif)
        assertEquals(
            listOf(
                StatementRow(6, LocalDate.of(2026, 3, 1), BigDecimal("-42.50"), "Weekly shop", "Grocery & Co", "Food"),
                StatementRow(
                    12, LocalDate.of(2026, 3, 5), BigDecimal("-120.00"), payee = "Home Store", category = "Household", note = "Number 1043",
                    splits = listOf(
                        StatementSplit(BigDecimal("-80.00"), "Household", "Paint"),
                        StatementSplit(BigDecimal("-40.00"), "Food:Snacks", "Snacks"),
                    ),
                ),
                StatementRow(24, LocalDate.of(2026, 3, 20), BigDecimal("1500.00"), payee = "Acme Payroll", note = "Transfer: Savings"),
            ),
            file.rows(),
        )
    }

    @Test
    fun `QIF splits that do not add up and a bad amount are problems at their lines`() {
        val file = SampleFiles.inspect("bad-split.qif")
        assertEquals(listOf(2L), file.rows().map { it.line })
        assertEquals(
            listOf(
                StatementProblem(7, 2, "T", "-30.00", "The splits add up to -25.00, not to the total."),
                StatementProblem(15, 2, "T", "-oops", "Not an amount with '.' as decimal separator."),
            ),
            file.problems(),
        )
    }
}

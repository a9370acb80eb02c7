package outlay.exchange

import org.junit.jupiter.api.Test
import outlay.exchange.parse.ColumnMapping
import outlay.exchange.parse.CsvSettings
import outlay.exchange.parse.StatementFormat
import outlay.exchange.parse.StatementProblem
import outlay.exchange.parse.StatementRow
import java.math.BigDecimal
import java.nio.charset.StandardCharsets
import java.time.LocalDate
import kotlin.test.assertEquals

class CsvParsingTest {

    @Test
    fun `semicolons, decimal commas, thousands points and a byte-order mark`() {
        val file = SampleFiles.inspect("semicolon-bom-decimal-comma.csv")
        assertEquals(StatementFormat.CSV, file.inspection.format)
        assertEquals(StandardCharsets.UTF_8, file.inspection.charset)
        assertEquals(
            CsvSettings(
                delimiter = ';', hasHeader = true, dateFormat = "dd.MM.yyyy", decimalSeparator = ',',
                columns = ColumnMapping(
                    date = "Buchungstag", amount = "Betrag", description = "Verwendungszweck", seller = "Auftraggeber/Empfänger",
                    category = "Kategorie", currency = "Währung",
                ),
            ),
            file.inspection.csv!!.settings,
        )
        assertEquals(
            listOf(
                StatementRow(2, LocalDate.of(2026, 3, 2), BigDecimal("-42.50"), "Einkauf Lebensmittel", "REWE Markt GmbH", "Food", "EUR"),
                StatementRow(3, LocalDate.of(2026, 3, 5), BigDecimal("2345.67"), "Gehalt März", "Arbeitgeber AG", null, "EUR"),
                StatementRow(4, LocalDate.of(2026, 3, 14), BigDecimal("-1234.00"), "Abschlag 03/2026", "Stadtwerke; Strom", "Utilities", "EUR"),
                StatementRow(5, LocalDate.of(2026, 3, 31), BigDecimal("-3.2"), "Brötchen", "Bäckerei Müller", "food", "EUR"),
            ),
            file.rows(),
        )
        assertEquals(emptyList(), file.problems())
    }

    @Test
    fun `debit and credit columns, quoted commas and quotes, month-first dates`() {
        val file = SampleFiles.inspect("debit-credit.csv")
        val settings = file.inspection.csv!!.settings
        assertEquals(',', settings.delimiter)
        assertEquals("MM/dd/yyyy", settings.dateFormat)
        assertEquals('.', settings.decimalSeparator)
        assertEquals(
            ColumnMapping(date = "Date", debit = "Debit", credit = "Credit", description = "Description", seller = "Payee", category = "Category", note = "Notes"),
            settings.columns,
        )
        assertEquals(
            listOf(
                StatementRow(2, LocalDate.of(2026, 3, 1), BigDecimal("-4.75"), "Coffee, large", "Blue Bottle", "Food"),
                StatementRow(3, LocalDate.of(2026, 3, 2), BigDecimal("19.99"), "Refund", "Shop, Inc.", "Clothing", note = "returned shoes"),
                StatementRow(4, LocalDate.of(2026, 3, 15), BigDecimal("-1200.00"), "Rent March", "Landlord", "Rent", note = "paid \"on time\""),
            ),
            file.rows(),
        )
    }

    @Test
    fun `tabs in Windows-1252`() {
        val file = SampleFiles.inspect("windows-1252.tsv")
        assertEquals("windows-1252", file.inspection.charset.name())
        assertEquals('\t', file.inspection.csv!!.settings.delimiter)
        assertEquals(
            listOf(
                StatementRow(2, LocalDate.of(2026, 3, 4), BigDecimal("-12.30"), "Café crème", "Café de Flore"),
                StatementRow(3, LocalDate.of(2026, 3, 5), BigDecimal("-7.80"), "Münzwäsche – 2×", "Waschsalon Müller"),
            ),
            file.rows(),
        )
    }

    @Test
    fun `a malformed row in the middle is named by line, column and value, and the rows around it still read`() {
        val file = SampleFiles.inspect("malformed-row.csv")
        assertEquals(listOf(2L, 3L, 7L), file.rows().map { it.line })
        assertEquals(BigDecimal("-14.00"), file.rows().last().amount)
        assertEquals(
            listOf(
                StatementProblem(4, 1, "date", "2026-13-45", "Not a date in the format yyyy-MM-dd."),
                StatementProblem(5, 2, "amount", "twelve", "Not an amount with '.' as decimal separator."),
                StatementProblem(6, null, null, "2026-03-05,-13.00", "The row has 2 fields where the header has 3."),
            ),
            file.problems(),
        )
    }

    @Test
    fun `a file without a header gets numbered columns mapped by what they hold`() {
        val file = SampleFiles.inspectText("2026-03-01;Bakery;-3,50\n2026-03-02;Books and more;-12,00\n")
        val layout = file.inspection.csv!!
        assertEquals(listOf("Column 1", "Column 2", "Column 3"), layout.columnNames)
        assertEquals(ColumnMapping(date = "Column 1", amount = "Column 3", description = "Column 2"), layout.settings.columns)
        assertEquals(
            listOf(
                StatementRow(1, LocalDate.of(2026, 3, 1), BigDecimal("-3.50"), "Bakery"),
                StatementRow(2, LocalDate.of(2026, 3, 2), BigDecimal("-12.00"), "Books and more"),
            ),
            file.rows(),
        )
    }

    @Test
    fun `a quote that never closes stops the file with the line where it opened`() {
        val file = SampleFiles.inspectText("date,amount,description\n2026-03-01,-1.00,ok\n2026-03-02,-2.00,\"open\n2026-03-03,-3.00,x\n")
        val failure = file.failure()
        assertEquals(3L, failure.problems.single().line)
    }
}

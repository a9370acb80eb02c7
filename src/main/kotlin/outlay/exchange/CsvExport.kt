package outlay.exchange

import org.apache.commons.csv.CSVFormat
import org.apache.commons.csv.CSVPrinter
import org.springframework.stereotype.Service
import outlay.ledger.statistics.StatisticsFilter
import outlay.ledger.statistics.StatisticsItem
import outlay.ledger.statistics.StatisticsService
import outlay.ledger.Direction
import java.io.OutputStream
import java.io.OutputStreamWriter
import java.math.BigDecimal
import java.nio.charset.StandardCharsets
import java.util.UUID

/**
 * Transactions and their items as CSV, one row per item, filtered like the statistics screen.
 * The columns (docs/exchange.md) are the ones the importer's mapping recognises, so the file
 * imports back as the same transactions: rows of one transaction share its id, amounts are
 * signed (money out negative, a reduction against its transaction's sign).
 */
@Service
class CsvExportService(private val statistics: StatisticsService) {

    /** Refuses a filter naming ids that are not the caller's (the same 400 as the statistics endpoints). */
    fun check(userId: UUID, filter: StatisticsFilter) {
        statistics.items(userId, filter, null, 1)
    }

    /** Writes page after page of the statistics item list; memory holds one page. */
    fun write(userId: UUID, filter: StatisticsFilter, out: OutputStream) {
        val printer = CSVPrinter(OutputStreamWriter(out, StandardCharsets.UTF_8), FORMAT)
        var cursor: String? = null
        do {
            val page = statistics.items(userId, filter, cursor, PAGE)
            page.items.forEach { printer.printRecord(row(it)) }
            cursor = page.nextCursor
        } while (cursor != null)
        printer.flush()
    }

    private fun row(item: StatisticsItem): List<Any?> {
        val amount = BigDecimal(item.amount).let { if ((item.direction == Direction.EXPENSE) != item.isReduction) it.negate() else it }
        return listOf(
            item.transactionId, item.date, item.direction.json, item.mode.json, item.accountName, item.sellerName,
            item.category.name, item.description, amount.toPlainString(), item.currency, item.note,
        )
    }

    companion object {
        val COLUMNS = listOf("transaction", "date", "direction", "mode", "account", "seller", "category", "description", "amount", "currency", "note")
        private const val PAGE = 200
        private val FORMAT: CSVFormat = CSVFormat.RFC4180.builder().setHeader(*COLUMNS.toTypedArray()).get()
    }
}

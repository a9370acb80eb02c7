package outlay.exchange

import org.jooq.DSLContext
import org.springframework.stereotype.Repository
import outlay.db.tables.records.ImportMappingRecord
import outlay.db.tables.references.IMPORT_MAPPING
import outlay.exchange.parse.ColumnMapping
import outlay.exchange.parse.CsvSettings
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

/** The CSV settings remembered per account (table `import_mapping`). */
@Repository
class ImportMappingRepository(private val db: DSLContext) {

    fun find(userId: UUID, accountId: UUID): CsvSettings? =
        db.selectFrom(IMPORT_MAPPING)
            .where(IMPORT_MAPPING.USER_ID.eq(userId), IMPORT_MAPPING.ACCOUNT_ID.eq(accountId))
            .fetchOne()?.toSettings()

    fun save(userId: UUID, accountId: UUID, settings: CsvSettings, at: Instant) {
        val c = settings.columns
        val record = db.newRecord(IMPORT_MAPPING).apply {
            this.userId = userId; this.accountId = accountId
            delimiter = settings.delimiter.toString(); hasHeader = settings.hasHeader; dateFormat = settings.dateFormat
            decimalSeparator = settings.decimalSeparator.toString()
            dateColumn = c.date; amountColumn = c.amount; debitColumn = c.debit; creditColumn = c.credit
            descriptionColumn = c.description; sellerColumn = c.seller; categoryColumn = c.category
            accountColumn = c.account; currencyColumn = c.currency; noteColumn = c.note
            modeColumn = c.mode; transactionColumn = c.transaction
            updatedAt = at.atOffset(ZoneOffset.UTC)
        }
        db.insertInto(IMPORT_MAPPING).set(record)
            .onConflict(IMPORT_MAPPING.USER_ID, IMPORT_MAPPING.ACCOUNT_ID).doUpdate().set(record)
            .execute()
    }

    private fun ImportMappingRecord.toSettings() = CsvSettings(
        delimiter = delimiter.single(), hasHeader = hasHeader, dateFormat = dateFormat, decimalSeparator = decimalSeparator.single(),
        columns = ColumnMapping(
            date = dateColumn, amount = amountColumn, debit = debitColumn, credit = creditColumn, description = descriptionColumn,
            seller = sellerColumn, category = categoryColumn, account = accountColumn, currency = currencyColumn, note = noteColumn,
            mode = modeColumn, transaction = transactionColumn,
        ),
    )
}

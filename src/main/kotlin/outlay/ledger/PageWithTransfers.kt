package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.SQLDialect
import org.jooq.Select
import org.jooq.impl.DSL
import outlay.db.tables.records.TransferRecord
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSFER
import java.time.LocalDate

/**
 * A list's page of transaction headers and its transfers in one statement: the headers' select ([headerFields]
 * its columns) as a common table expression, read once, and `UNION ALL` the transfers [transfers] selects, each
 * part a row of its own kind, the other part's columns null. Each part is the statement it was on its own; the
 * transfers are bounded by the page's last date when the page is full (`limit` rows), as the list's merge keeps
 * none dated before it — computed in the statement, so the transfers' index range stops there. On PostgreSQL only:
 * H2 does not keep a common table expression's rows, it runs the page's select again for the bound (measured: twice
 * the page's work), where reading the user's transfers without the bound costs little beside the page (95 rows
 * against 20,001 for a user of 10,000 transactions and 94 transfers).
 * [context] runs it (the text search's plans each run anew).
 */
internal fun withTransfers(
    context: DSLContext, headers: Select<Record>, headerFields: List<Field<*>>, limit: Int, transfers: (Field<LocalDate?>?) -> Select<TransferRecord>,
): Pair<List<Record>, List<TransferRow>> {
    val page = DSL.name("page").`as`(headers)
    val date = page.field(TRANSACTIONS.OCCURRED_ON)!!
    val lastDateIfFull = DSL.field(DSL.select(DSL.min(date)).from(page).having(DSL.count().ge(limit)))
    val transferPage = transfers(lastDateIfFull.takeIf { context.dialect().family() == SQLDialect.POSTGRES }).asTable("transfer_page")
    val transferFields = TRANSFER.fields().toList()
    val kind = DSL.field(DSL.name("entry_kind"), Int::class.java)
    val rows = context.with(page)
        .select(listOf(DSL.inline(HEADER).`as`(kind)) + headerFields.map { page.field(it)!! } + transferFields.map { DSL.castNull(it.dataType) })
        .from(page)
        .unionAll(
            DSL.select(listOf(DSL.inline(TRANSFER_ROW)) + headerFields.map { DSL.castNull(it.dataType) } + transferFields.map { transferPage.field(it)!! })
                .from(transferPage),
        )
        .fetch()
    val (headerRows, transferRows) = rows.partition { it.get(0) == HEADER }
    return headerRows.map { r -> context.newRecord(*headerFields.toTypedArray()).also { it.fromArray(*r.intoArray().copyOfRange(1, 1 + headerFields.size)) } } to
        transferRows.map { r -> context.newRecord(TRANSFER).also { it.fromArray(*r.intoArray().copyOfRange(1 + headerFields.size, r.size())) }.toRow() }
}

private const val HEADER = 0
private const val TRANSFER_ROW = 1

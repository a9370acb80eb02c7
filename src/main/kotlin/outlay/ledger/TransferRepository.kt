package outlay.ledger

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.jooq.impl.SQLDataType
import org.springframework.stereotype.Repository
import outlay.db.tables.records.TransferRecord
import outlay.db.tables.references.TRANSFER
import outlay.platform.Cursor
import outlay.platform.Money
import outlay.platform.StatementShapes
import java.time.Instant
import java.time.LocalDate
import java.time.ZoneOffset
import java.util.UUID

data class TransferRow(
    val id: UUID,
    val userId: UUID,
    val fromAccountId: UUID,
    val toAccountId: UUID,
    val date: LocalDate,
    val sentMinor: Long,
    val sentCurrency: String,
    val receivedMinor: Long,
    val receivedCurrency: String,
    val note: String?,
    val createdAt: Instant,
    val updatedAt: Instant,
) {
    fun toView() = TransferView(
        id, fromAccountId, toAccountId, date, Money.format(sentMinor, sentCurrency), sentCurrency,
        Money.format(receivedMinor, receivedCurrency), receivedCurrency, note, createdAt, updatedAt,
    )

    /** This transfer in a transaction list: the receiving side when [accountId] is the target, else the sending side. */
    fun toEntry(accountId: UUID?): TransactionView {
        val incoming = accountId == toAccountId
        val (account, minor, currency) = if (incoming) Triple(toAccountId, receivedMinor, receivedCurrency) else Triple(fromAccountId, sentMinor, sentCurrency)
        return TransactionView(
            id, account, currency, if (incoming) Direction.INCOME else Direction.EXPENSE, Mode.TRANSFER, date, null, null, null, null, note,
            Money.format(minor, currency), emptyList(), emptyList(), createdAt, updatedAt, EntryKind.TRANSFER, toView(),
        )
    }
}

/** Transfers: reads and writes, always narrowed to the caller's rows. */
@Repository
class TransferRepository(private val db: DSLContext, private val statements: StatementShapes) {
    private val t = TRANSFER

    fun find(userId: UUID, id: UUID, lock: Boolean = false): TransferRow? =
        db.selectFrom(t).where(t.USER_ID.eq(userId), t.ID.eq(id)).let { if (lock) it.forUpdate() else it }.fetchOne()?.toRow()

    /** Newest first in the list's keyset order (date, id); [TransferFilter.accountId] matches either side. */
    fun page(userId: UUID, filter: TransferFilter, cursor: Cursor?, limit: Int): List<TransferRow> {
        val shape = PageShape(filter.accountId != null, filter.from != null, filter.to != null, filter.text != null, cursor != null)
        return statements.fetch(
            shape,
            { v ->
                v.listPage(userId, filter.accountId, filter.from, filter.to, cursor)
                v["text"] = filter.text?.let(Text::containsPattern)
                v["limit"] = limit
            },
            { s ->
                var condition = t.USER_ID.eq(s["user", t.USER_ID])
                if (shape.account) s["account", t.FROM_ACCOUNT_ID].let { condition = condition.and(t.FROM_ACCOUNT_ID.eq(it).or(t.TO_ACCOUNT_ID.eq(it))) }
                if (shape.from) condition = condition.and(t.OCCURRED_ON.ge(s["from", t.OCCURRED_ON]))
                if (shape.to) condition = condition.and(t.OCCURRED_ON.le(s["to", t.OCCURRED_ON]))
                if (shape.text) condition = condition.and(DSL.lower(t.NOTE).like(s["text", t.NOTE].coerce(String::class.java), '\\'))
                if (shape.cursor) condition = condition.and(DSL.row(t.OCCURRED_ON, t.ID).lt(s["after_date", t.OCCURRED_ON], s["after_id", t.ID]))
                db.select(*t.fields()).from(t).where(condition).orderBy(t.OCCURRED_ON.desc(), t.ID.desc()).limit(s["limit", LIMIT])
            },
        ) { it.into(t).toRow() }
    }

    /** What a page of transfers depends on, its values aside. */
    private data class PageShape(val account: Boolean, val from: Boolean, val to: Boolean, val text: Boolean, val cursor: Boolean) : StatementShapes.Shape

    fun insert(r: TransferRow) {
        db.newRecord(t).apply {
            id = r.id; userId = r.userId; fromAccountId = r.fromAccountId; toAccountId = r.toAccountId; occurredOn = r.date
            sentMinor = r.sentMinor; sentCurrency = r.sentCurrency; receivedMinor = r.receivedMinor; receivedCurrency = r.receivedCurrency
            note = r.note; createdAt = r.createdAt.atOffset(ZoneOffset.UTC); updatedAt = r.updatedAt.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    fun update(r: TransferRow) {
        db.update(t)
            .set(t.FROM_ACCOUNT_ID, r.fromAccountId).set(t.TO_ACCOUNT_ID, r.toAccountId).set(t.OCCURRED_ON, r.date)
            .set(t.SENT_MINOR, r.sentMinor).set(t.SENT_CURRENCY, r.sentCurrency)
            .set(t.RECEIVED_MINOR, r.receivedMinor).set(t.RECEIVED_CURRENCY, r.receivedCurrency)
            .set(t.NOTE, r.note).set(t.UPDATED_AT, r.updatedAt.atOffset(ZoneOffset.UTC))
            .where(t.USER_ID.eq(r.userId), t.ID.eq(r.id))
            .execute()
    }

    fun delete(userId: UUID, id: UUID) {
        db.deleteFrom(t).where(t.USER_ID.eq(userId), t.ID.eq(id)).execute()
    }

    /** Every transfer of the user (the monthly totals' recomputation). */
    fun all(userId: UUID): List<TransferRow> = db.selectFrom(t).where(t.USER_ID.eq(userId)).fetch { it.toRow() }
}

private fun TransferRecord.toRow() = TransferRow(
    id, userId, fromAccountId, toAccountId, occurredOn, sentMinor, sentCurrency, receivedMinor, receivedCurrency, note,
    createdAt.toInstant(), updatedAt.toInstant(),
)

/** The type of a page size bound as a value. */
private val LIMIT = DSL.field(DSL.name("limit"), SQLDataType.INTEGER)

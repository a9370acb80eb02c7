package outlay.ledger

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Record
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.categories.CategoryRef
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.SELLER
import outlay.db.tables.references.STORED_FILE
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.platform.Cursor
import outlay.platform.Money
import java.time.LocalDate
import java.util.UUID

data class ListFilter(val accountId: UUID? = null, val from: LocalDate? = null, val to: LocalDate? = null)

/**
 * Reads of saved transactions with everything a list shows. Always four statements — the page
 * of headers, then the items (with categories), images and documents of exactly those
 * transactions by `transaction_id IN (...)` — merged in memory, whatever the page size.
 */
@Repository
class TransactionQueries(private val db: DSLContext) {

    fun page(userId: UUID, filter: ListFilter, cursor: Cursor?, limit: Int): List<TransactionView> {
        val t = TRANSACTIONS
        var condition: Condition = t.USER_ID.eq(userId)
        filter.accountId?.let { condition = condition.and(t.ACCOUNT_ID.eq(it)) }
        filter.from?.let { condition = condition.and(t.OCCURRED_ON.ge(it)) }
        filter.to?.let { condition = condition.and(t.OCCURRED_ON.le(it)) }
        cursor?.let { condition = condition.and(DSL.row(t.OCCURRED_ON, t.ID).lt(it.date, it.id)) }
        return assemble(userId, headers(condition, limit))
    }

    fun one(userId: UUID, id: UUID): TransactionView? =
        assemble(userId, headers(TRANSACTIONS.USER_ID.eq(userId).and(TRANSACTIONS.ID.eq(id)), 1)).firstOrNull()

    private fun headers(condition: Condition, limit: Int): List<Record> =
        db.select(TRANSACTIONS.asterisk(), SELLER.NAME).from(TRANSACTIONS)
            .leftJoin(SELLER).on(SELLER.ID.eq(TRANSACTIONS.SELLER_ID))
            .where(condition)
            .orderBy(TRANSACTIONS.OCCURRED_ON.desc(), TRANSACTIONS.ID.desc())
            .limit(limit)
            .fetch()

    private fun assemble(userId: UUID, headers: List<Record>): List<TransactionView> {
        if (headers.isEmpty()) return emptyList()
        val ids = headers.map { it.get(TRANSACTIONS.ID)!! }
        val currencies = headers.associate { it.get(TRANSACTIONS.ID)!! to it.get(TRANSACTIONS.CURRENCY)!! }
        val images = db.select(ITEM_IMAGE.ID, ITEM_IMAGE.ITEM_ID, ITEM_IMAGE.FILENAME, STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES)
            .from(ITEM_IMAGE).join(STORED_FILE).on(STORED_FILE.ID.eq(ITEM_IMAGE.FILE_ID))
            .where(ITEM_IMAGE.USER_ID.eq(userId), ITEM_IMAGE.TRANSACTION_ID.`in`(ids))
            .orderBy(ITEM_IMAGE.CREATED_AT, ITEM_IMAGE.ID)
            .fetch { AttachmentRow(it.value1()!!, it.value2()!!, null, it.value3(), it.value4()!!, it.value5()!!) }
            .groupBy { it.ownerId }
        val items = db.select(TRANSACTION_ITEM.asterisk(), CATEGORY.NAME, CATEGORY.ICON)
            .from(TRANSACTION_ITEM).join(CATEGORY).on(CATEGORY.ID.eq(TRANSACTION_ITEM.CATEGORY_ID))
            .where(TRANSACTION_ITEM.USER_ID.eq(userId), TRANSACTION_ITEM.TRANSACTION_ID.`in`(ids))
            .orderBy(TRANSACTION_ITEM.TRANSACTION_ID, TRANSACTION_ITEM.POSITION)
            .fetch()
            .groupBy({ it.get(TRANSACTION_ITEM.TRANSACTION_ID)!! }) { r -> r.toItemView(currencies, images) }
        val documents = db.select(
            TRANSACTION_DOCUMENT.ID, TRANSACTION_DOCUMENT.TRANSACTION_ID, TRANSACTION_DOCUMENT.KIND, TRANSACTION_DOCUMENT.FILENAME,
            STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES,
        ).from(TRANSACTION_DOCUMENT).join(STORED_FILE).on(STORED_FILE.ID.eq(TRANSACTION_DOCUMENT.FILE_ID))
            .where(TRANSACTION_DOCUMENT.USER_ID.eq(userId), TRANSACTION_DOCUMENT.TRANSACTION_ID.`in`(ids))
            .orderBy(TRANSACTION_DOCUMENT.CREATED_AT, TRANSACTION_DOCUMENT.ID)
            .fetch { AttachmentRow(it.value1()!!, it.value2()!!, it.value3(), it.value4(), it.value5()!!, it.value6()!!) }
            .groupBy { it.ownerId }
        return headers.map { h ->
            val id = h.get(TRANSACTIONS.ID)!!
            val currency = h.get(TRANSACTIONS.CURRENCY)!!
            TransactionView(
                id, h.get(TRANSACTIONS.ACCOUNT_ID)!!, currency,
                Direction.entries.first { it.json == h.get(TRANSACTIONS.DIRECTION) }, Mode.entries.first { it.json == h.get(TRANSACTIONS.MODE) },
                h.get(TRANSACTIONS.OCCURRED_ON)!!, h.get(TRANSACTIONS.OCCURRED_AT), h.get(TRANSACTIONS.SELLER_ID), h.get(SELLER.NAME),
                h.get(TRANSACTIONS.SELLER_LOCATION_ID), h.get(TRANSACTIONS.NOTE), Money.format(h.get(TRANSACTIONS.TOTAL_MINOR)!!, currency),
                items[id].orEmpty(), documents[id].orEmpty().map { it.toDocumentView() },
                h.get(TRANSACTIONS.CREATED_AT)!!.toInstant(), h.get(TRANSACTIONS.UPDATED_AT)!!.toInstant(),
            )
        }
    }

    private fun Record.toItemView(currencies: Map<UUID, String>, images: Map<UUID, List<AttachmentRow>>): ItemView {
        val id = get(TRANSACTION_ITEM.ID)!!
        return ItemView(
            id, Money.format(get(TRANSACTION_ITEM.AMOUNT_MINOR)!!, currencies.getValue(get(TRANSACTION_ITEM.TRANSACTION_ID)!!)),
            Money.normalize(get(TRANSACTION_ITEM.QUANTITY)!!),
            get(TRANSACTION_ITEM.DESCRIPTION), get(TRANSACTION_ITEM.BRAND), get(TRANSACTION_ITEM.VARIATION),
            CategoryRef(get(TRANSACTION_ITEM.CATEGORY_ID)!!, get(CATEGORY.NAME)!!, get(CATEGORY.ICON)!!),
            get(TRANSACTION_ITEM.IS_REDUCTION)!!, images[id].orEmpty().map { it.toImageView() },
        )
    }
}

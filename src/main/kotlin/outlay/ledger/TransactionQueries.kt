package outlay.ledger

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Records
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
import java.math.BigDecimal
import java.time.LocalDate
import java.util.UUID

/** What a list narrows by; [text] matches an item's description or brand, the note or the seller's name (any case). */
data class ListFilter(val accountId: UUID? = null, val from: LocalDate? = null, val to: LocalDate? = null, val text: String? = null)

/** A day's totals in one currency, over every transaction of that day the filter matches (not just one page's). */
data class DayTotal(val date: LocalDate, val currency: String, val expenses: String, val income: String)

/**
 * Reads of saved transactions as views, with everything a list shows (the repository of the
 * list and of `GET /transactions/{id}`; [TransactionRepository] holds the writes). One statement whatever the page
 * size: the page of headers with each transaction's items (with category and photos) and documents
 * nested as `multiset`s, which jOOQ renders as JSON aggregation on both databases.
 */
@Repository
class TransactionQueries(private val db: DSLContext) {

    fun page(userId: UUID, filter: ListFilter, cursor: Cursor?, limit: Int): List<TransactionView> {
        val t = TRANSACTIONS
        var condition = condition(userId, filter)
        cursor?.let { condition = condition.and(DSL.row(t.OCCURRED_ON, t.ID).lt(it.date, it.id)) }
        return headers(userId, condition, limit)
    }

    /** Totals per day, currency and direction of the matching transactions on [days], in one grouped statement. */
    fun dayTotals(userId: UUID, filter: ListFilter, days: Set<LocalDate>): List<DayTotal> {
        if (days.isEmpty()) return emptyList()
        val t = TRANSACTIONS
        val sum = DSL.sum(t.TOTAL_MINOR).`as`("amount")
        val sums = db.select(t.OCCURRED_ON, t.CURRENCY, t.DIRECTION, sum).from(t)
            .where(condition(userId, filter), t.OCCURRED_ON.`in`(days))
            .groupBy(t.OCCURRED_ON, t.CURRENCY, t.DIRECTION)
            .fetch { r -> r.into(t).let { Triple(it.occurredOn to it.currency, it.direction, r.get(sum)?.toLong() ?: 0) } }
        return sums.groupBy { it.first }.map { (key, rows) ->
            fun total(direction: Direction) = Money.format(rows.filter { it.second == direction }.sumOf { it.third }, key.second)
            DayTotal(key.first, key.second, total(Direction.EXPENSE), total(Direction.INCOME))
        }.sortedWith(compareByDescending<DayTotal> { it.date }.thenBy { it.currency })
    }

    private fun condition(userId: UUID, filter: ListFilter): Condition {
        val t = TRANSACTIONS
        var condition: Condition = t.USER_ID.eq(userId)
        filter.accountId?.let { condition = condition.and(t.ACCOUNT_ID.eq(it)) }
        filter.from?.let { condition = condition.and(t.OCCURRED_ON.ge(it)) }
        filter.to?.let { condition = condition.and(t.OCCURRED_ON.le(it)) }
        filter.text?.let { condition = condition.and(textCondition(userId, Text.containsPattern(it))) }
        return condition
    }

    /** The note, the seller's name, or any item's description or brand contains the text. */
    private fun textCondition(userId: UUID, pattern: String): Condition {
        val t = TRANSACTIONS
        val seller = SELLER.`as`("text_seller")
        val item = TRANSACTION_ITEM.`as`("text_item")
        return DSL.lower(t.NOTE).like(pattern, '\\')
            .or(DSL.exists(DSL.selectOne().from(seller).where(seller.USER_ID.eq(userId), seller.ID.eq(t.SELLER_ID), DSL.lower(seller.NAME).like(pattern, '\\'))))
            .or(
                DSL.exists(
                    DSL.selectOne().from(item).where(
                        item.USER_ID.eq(userId), item.TRANSACTION_ID.eq(t.ID),
                        DSL.lower(item.DESCRIPTION).like(pattern, '\\').or(DSL.lower(item.BRAND).like(pattern, '\\')),
                    ),
                ),
            )
    }

    fun one(userId: UUID, id: UUID): TransactionView? = headers(userId, TRANSACTIONS.USER_ID.eq(userId).and(TRANSACTIONS.ID.eq(id)), 1).firstOrNull()

    /**
     * The page's transactions with their seller's name, items (with category and images) and
     * documents: one statement. The page's ids are chosen in a subquery first: PostgreSQL computes a
     * select list before it sorts, so nesting the items in the paged query itself would build them
     * for every matching transaction (seconds for a user with 1,000), not just the page's.
     */
    private fun headers(userId: UUID, condition: Condition, limit: Int): List<TransactionView> {
        val page = DSL.select(TRANSACTIONS.ID).from(TRANSACTIONS).where(condition)
            .orderBy(TRANSACTIONS.OCCURRED_ON.desc(), TRANSACTIONS.ID.desc()).limit(limit)
        return db.select(TRANSACTIONS.asterisk(), SELLER.NAME, ITEMS, DOCUMENTS).from(TRANSACTIONS)
            .leftJoin(SELLER).on(SELLER.ID.eq(TRANSACTIONS.SELLER_ID))
            .where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.ID.`in`(page))
            .orderBy(TRANSACTIONS.OCCURRED_ON.desc(), TRANSACTIONS.ID.desc())
            .fetch { r ->
                val t = r.into(TRANSACTIONS)
                TransactionView(
                    t.id, t.accountId, t.currency, t.direction, t.mode, t.occurredOn, t.occurredAt, t.sellerId, r.get(SELLER.NAME),
                    t.sellerLocationId, t.note, Money.format(t.totalMinor, t.currency),
                    r.get(ITEMS).map { it.toView(t.currency) }, r.get(DOCUMENTS), t.createdAt.toInstant(), t.updatedAt.toInstant(),
                )
            }
    }

    /** An item as the nested read gives it: its amount in minor units, formatted once the transaction's currency is known. */
    private data class ItemRow(
        val id: UUID, val amountMinor: Long, val quantity: BigDecimal, val description: String?, val brand: String?, val variation: String?,
        val categoryId: UUID, val categoryName: String, val categoryIcon: String, val isReduction: Boolean, val images: List<FileView>,
    ) {
        fun toView(currency: String) = ItemView(
            id, Money.format(amountMinor, currency), Money.normalize(quantity), description, brand, variation,
            CategoryRef(categoryId, categoryName, categoryIcon), isReduction, images,
        )
    }

    private companion object {
        /** An item's photos, oldest first, nested in the item (correlated with [TRANSACTION_ITEM]). */
        val IMAGES: Field<List<FileView>> = DSL.multiset(
            DSL.select(ITEM_IMAGE.ID, STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES, ITEM_IMAGE.FILENAME)
                .from(ITEM_IMAGE).join(STORED_FILE).on(STORED_FILE.ID.eq(ITEM_IMAGE.FILE_ID))
                .where(ITEM_IMAGE.USER_ID.eq(TRANSACTION_ITEM.USER_ID), ITEM_IMAGE.ITEM_ID.eq(TRANSACTION_ITEM.ID))
                .orderBy(ITEM_IMAGE.CREATED_AT, ITEM_IMAGE.ID),
        ).convertFrom { r -> r.map(Records.mapping { id, mediaType, size, filename -> FileView(id!!, mediaType!!, size!!, filename, "/images/$id") }) }

        /** A transaction's items in their order, each with its category and photos (correlated with [TRANSACTIONS]). */
        val ITEMS: Field<List<ItemRow>> = DSL.multiset(
            DSL.select(
                TRANSACTION_ITEM.ID, TRANSACTION_ITEM.AMOUNT_MINOR, TRANSACTION_ITEM.QUANTITY, TRANSACTION_ITEM.DESCRIPTION, TRANSACTION_ITEM.BRAND,
                TRANSACTION_ITEM.VARIATION, TRANSACTION_ITEM.CATEGORY_ID, CATEGORY.NAME, CATEGORY.ICON, TRANSACTION_ITEM.IS_REDUCTION, IMAGES,
            )
                .from(TRANSACTION_ITEM).join(CATEGORY).on(CATEGORY.ID.eq(TRANSACTION_ITEM.CATEGORY_ID))
                .where(TRANSACTION_ITEM.USER_ID.eq(TRANSACTIONS.USER_ID), TRANSACTION_ITEM.TRANSACTION_ID.eq(TRANSACTIONS.ID))
                .orderBy(TRANSACTION_ITEM.POSITION),
        ).convertFrom { r ->
            r.map(
                Records.mapping { id, amount, quantity, description, brand, variation, categoryId, categoryName, icon, reduction, images ->
                    ItemRow(id!!, amount!!, quantity!!, description, brand, variation, categoryId!!, categoryName!!, icon!!, reduction!!, images!!)
                },
            )
        }

        /** A transaction's receipts and other documents, oldest first (correlated with [TRANSACTIONS]). */
        val DOCUMENTS: Field<List<DocumentView>> = DSL.multiset(
            DSL.select(TRANSACTION_DOCUMENT.ID, TRANSACTION_DOCUMENT.KIND, STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES, TRANSACTION_DOCUMENT.FILENAME)
                .from(TRANSACTION_DOCUMENT).join(STORED_FILE).on(STORED_FILE.ID.eq(TRANSACTION_DOCUMENT.FILE_ID))
                .where(TRANSACTION_DOCUMENT.USER_ID.eq(TRANSACTIONS.USER_ID), TRANSACTION_DOCUMENT.TRANSACTION_ID.eq(TRANSACTIONS.ID))
                .orderBy(TRANSACTION_DOCUMENT.CREATED_AT, TRANSACTION_DOCUMENT.ID),
        ).convertFrom { r -> r.map(Records.mapping { id, kind, mediaType, size, filename -> DocumentView(id!!, kind!!, mediaType!!, size!!, filename, "/documents/$id") }) }
    }
}

package outlay.ledger

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.Record2
import org.jooq.SQLDialect
import org.jooq.Select
import org.jooq.impl.DSL
import org.jooq.impl.SQLDataType
import org.springframework.stereotype.Repository
import outlay.categories.CategoryRef
import outlay.db.tables.records.TransferRecord
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.SELLER
import outlay.db.tables.references.STORED_FILE
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.platform.Cursor
import outlay.platform.Money
import outlay.platform.exactMinor
import outlay.platform.sumOfMinor
import java.time.LocalDate
import java.util.UUID

/** What a list narrows by; [text] matches an item's description or brand, the note or the seller's name (any case). */
data class ListFilter(val accountId: UUID? = null, val from: LocalDate? = null, val to: LocalDate? = null, val text: String? = null)

/** A day's totals in one currency, over every transaction of that day the filter matches (not just one page's). */
data class DayTotal(val date: LocalDate, val currency: String, val expenses: String, val income: String)

/**
 * Reads of saved transactions as views, with everything a list shows (the repository of the
 * list and of `GET /transactions/{id}`; [TransactionRepository] holds the writes). Always two statements — the page
 * of headers, then the items (with categories and images) and the documents of exactly those
 * transactions by `transaction_id IN (...)`, one `UNION ALL` — merged in memory, whatever the page size. Not one
 * statement with `multiset`: that made the page about twelve times slower on PostgreSQL (docs/performance.md).
 */
@Repository
class TransactionQueries(private val db: DSLContext) {
    /** One row of the items statement: an item, and one of its images or none. */
    private data class ItemLine(val transactionId: UUID, val item: ItemView, val image: FileView?)

    private val planned = db.configuration().deriveAppending(PlanPerRun).dsl()

    /**
     * The newest [limit] transactions past [cursor], and in the same statement the transfers [transfers] selects
     * (given the date bound [withTransfers] computes from this page, if any): the list's page, before the merge.
     */
    fun page(userId: UUID, filter: ListFilter, cursor: Cursor?, limit: Int, transfers: (Field<LocalDate?>?) -> Select<TransferRecord>): Pair<List<TransactionView>, List<TransferRow>> {
        val t = TRANSACTIONS
        var condition = condition(userId, filter.copy(text = null))
        cursor?.let { condition = condition.and(DSL.row(t.OCCURRED_ON, t.ID).lt(it.date, it.id)) }
        val (context, headers) = when {
            filter.text == null -> db to headers(condition, limit)
            // H2 has no index for a substring either way, and one pass testing each row for all three parts
            // was 2 to 30 times faster there than the three passes of the split search (100,000 transactions).
            db.dialect().family() != SQLDialect.POSTGRES -> db to headers(condition.and(textCondition(userId, Text.containsPattern(filter.text))), limit)
            else -> planned to matchingHeaders(userId, condition, Text.containsPattern(filter.text), limit)
        }
        val (rows, transferRows) = withTransfers(context, headers, HEADER_FIELDS, limit, transfers)
        return assemble(userId, rows) to transferRows
    }

    /** Totals per day, currency and direction of the matching transactions on [days], in one grouped statement. */
    fun dayTotals(userId: UUID, filter: ListFilter, days: Set<LocalDate>): List<DayTotal> {
        if (days.isEmpty()) return emptyList()
        val t = TRANSACTIONS
        val sum = DSL.sum(t.TOTAL_MINOR).`as`("amount")
        val sums = db.select(t.OCCURRED_ON, t.CURRENCY, t.DIRECTION, sum).from(t)
            .where(condition(userId, filter), t.OCCURRED_ON.`in`(days))
            .groupBy(t.OCCURRED_ON, t.CURRENCY, t.DIRECTION)
            .fetch { r -> r.into(t).let { Triple(it.occurredOn to it.currency, it.direction, exactMinor(r.get(sum))) } }
        return sums.groupBy { it.first }.map { (key, rows) ->
            fun total(direction: Direction) = Money.format(rows.filter { it.second == direction }.sumOfMinor { it.third }, key.second)
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

    /** The note, the seller's name, or any item's description or brand contains the text (for a few days' rows: each is tested). */
    private fun textCondition(userId: UUID, pattern: String): Condition =
        noteMatches(pattern).or(sellerMatches(userId, pattern)).or(itemMatches(userId, pattern))

    /**
     * The page of headers matching the text on PostgreSQL: the newest [limit] by note, by seller and by item, each
     * on its own, merged and cut to [limit] — the same rows as [textCondition] in one `OR`, which
     * PostgreSQL can only answer by walking the date index and testing every transaction of the
     * user (all of them for a word that is rare). Apart, each part is indexable: a rare word is
     * looked up in its trigram index (PostgreSQL migration V28) and its few rows sorted, a common
     * one walks the date index and stops at [limit]; the planner picks per part, for each text
     * anew ([PlanPerRun]).
     */
    private fun matchingHeaders(userId: UUID, narrowed: Condition, pattern: String, limit: Int): Select<Record> {
        val t = TRANSACTIONS
        fun newest(match: Condition) =
            db.select(t.OCCURRED_ON, t.ID).from(t).where(narrowed, match).orderBy(t.OCCURRED_ON.desc(), t.ID.desc()).limit(limit)
        val bySeller = newestPerSeller(userId, narrowed, pattern, limit)
        val hits = newest(noteMatches(pattern)).union(bySeller).union(newest(itemMatches(userId, pattern))).asTable("hits")
        return planned.select(HEADER_FIELDS).from(t)
            .join(hits).on(t.USER_ID.eq(userId), t.ID.eq(hits.field(t.ID)!!))
            .leftJoin(SELLER).on(SELLER.ID.eq(t.SELLER_ID))
            .orderBy(t.OCCURRED_ON.desc(), t.ID.desc())
            .limit(limit)
    }

    /**
     * The seller part: the newest [limit] of each matching seller (index `transactions_seller_idx`),
     * so a word that no seller has, or one seller's few old transactions, cost nothing — walking
     * the date index for them took 89 ms of 100,000. (PostgreSQL only: H2 has no `LATERAL`.)
     */
    private fun newestPerSeller(userId: UUID, narrowed: Condition, pattern: String, limit: Int): Select<Record2<LocalDate?, UUID?>> {
        val t = TRANSACTIONS
        val seller = SELLER.`as`("text_seller")
        val page = DSL.lateral(
            db.select(t.OCCURRED_ON, t.ID).from(t).where(narrowed, t.SELLER_ID.eq(seller.ID)).orderBy(t.OCCURRED_ON.desc(), t.ID.desc()).limit(limit).asTable("by_seller"),
        )
        val date = page.field(t.OCCURRED_ON)!!
        val id = page.field(t.ID)!!
        return db.select(date, id).from(seller).crossJoin(page)
            .where(seller.USER_ID.eq(userId), DSL.lower(seller.NAME).like(pattern, '\\'))
            .orderBy(date.desc(), id.desc()).limit(limit)
    }

    private fun noteMatches(pattern: String): Condition = DSL.lower(TRANSACTIONS.NOTE).like(pattern, '\\')

    private fun sellerMatches(userId: UUID, pattern: String): Condition {
        val seller = SELLER.`as`("text_seller")
        return DSL.exists(DSL.selectOne().from(seller).where(seller.USER_ID.eq(userId), seller.ID.eq(TRANSACTIONS.SELLER_ID), DSL.lower(seller.NAME).like(pattern, '\\')))
    }

    private fun itemMatches(userId: UUID, pattern: String): Condition {
        val item = TRANSACTION_ITEM.`as`("text_item")
        return DSL.exists(
            DSL.selectOne().from(item).where(
                item.USER_ID.eq(userId), item.TRANSACTION_ID.eq(TRANSACTIONS.ID),
                DSL.lower(item.DESCRIPTION).like(pattern, '\\').or(DSL.lower(item.BRAND).like(pattern, '\\')),
            ),
        )
    }

    fun one(userId: UUID, id: UUID): TransactionView? =
        assemble(userId, headers(TRANSACTIONS.USER_ID.eq(userId).and(TRANSACTIONS.ID.eq(id)), 1).fetch()).firstOrNull()

    // The selects here name their tables' columns (not `transactions.*`): `into(TRANSACTIONS)` then finds
    // each column by identity, where after `table.*` jOOQ compared qualified names, column by column and
    // row by row, a fifth of a page's CPU (docs/performance.md, "Per-request CPU against ce507f6").
    private fun headers(condition: Condition, limit: Int): Select<Record> =
        db.select(HEADER_FIELDS).from(TRANSACTIONS)
            .leftJoin(SELLER).on(SELLER.ID.eq(TRANSACTIONS.SELLER_ID))
            .where(condition)
            .orderBy(TRANSACTIONS.OCCURRED_ON.desc(), TRANSACTIONS.ID.desc())
            .limit(limit)

    private fun assemble(userId: UUID, headers: List<Record>): List<TransactionView> {
        if (headers.isEmpty()) return emptyList()
        val rows = headers.map { it.into(TRANSACTIONS) }
        val ids = rows.map { it.id }
        val currencies = rows.associate { it.id to it.currency }
        val (items, documents) = attachedLines(userId, ids, currencies)
        return headers.zip(rows) { h, t ->
            TransactionView(
                t.id, t.accountId, t.currency, t.direction, t.mode, t.occurredOn, t.occurredAt, t.sellerId, h.get(SELLER.NAME),
                t.sellerLocationId, t.note, Money.format(t.totalMinor, t.currency),
                items[t.id].orEmpty(), documents[t.id].orEmpty(),
                t.createdAt.toInstant(), t.updatedAt.toInstant(),
            )
        }
    }

    /**
     * The items (with categories and images) and the documents of the transactions [ids], in one statement: a
     * `UNION ALL` of the two reads, each as it was on its own (same joins, same indexes), told apart by [Lines.KIND].
     * An item's images come on its rows (one row per image, one without): they are few. Lines of one transaction
     * keep their order: items by position and their images by (created_at, id), documents by (created_at, id).
     */
    private fun attachedLines(userId: UUID, ids: List<UUID>, currencies: Map<UUID, String>): Pair<Map<UUID, List<ItemView>>, Map<UUID, List<DocumentView>>> {
        val i = TRANSACTION_ITEM
        val d = TRANSACTION_DOCUMENT
        val itemLines = db.select(
            DSL.inline(Lines.ITEM).`as`(Lines.KIND), i.TRANSACTION_ID.`as`(Lines.TRANSACTION_ID), i.POSITION.`as`(Lines.POSITION),
            ITEM_IMAGE.CREATED_AT.`as`(Lines.ATTACHED_AT), ITEM_IMAGE.ID.`as`(Lines.ATTACHMENT_ID), ITEM_IMAGE.FILENAME.`as`(Lines.FILENAME),
            STORED_FILE.MEDIA_TYPE.`as`(Lines.MEDIA_TYPE), STORED_FILE.SIZE_BYTES.`as`(Lines.SIZE_BYTES), DSL.castNull(d.KIND.dataType).`as`(Lines.DOCUMENT_KIND),
            i.ID.`as`(Lines.ITEM_ID), i.AMOUNT_MINOR.`as`(Lines.AMOUNT_MINOR), i.QUANTITY.`as`(Lines.QUANTITY), i.DESCRIPTION.`as`(Lines.DESCRIPTION),
            i.BRAND.`as`(Lines.BRAND), i.VARIATION.`as`(Lines.VARIATION), CATEGORY.ID.`as`(Lines.CATEGORY_ID), CATEGORY.NAME.`as`(Lines.CATEGORY_NAME),
            CATEGORY.ICON.`as`(Lines.CATEGORY_ICON), i.IS_REDUCTION.`as`(Lines.IS_REDUCTION),
        )
            .from(i).join(CATEGORY).on(CATEGORY.ID.eq(i.CATEGORY_ID))
            .leftJoin(ITEM_IMAGE).on(ITEM_IMAGE.TRANSACTION_ID.eq(i.TRANSACTION_ID), ITEM_IMAGE.USER_ID.eq(i.USER_ID), ITEM_IMAGE.ITEM_ID.eq(i.ID))
            .leftJoin(STORED_FILE).on(STORED_FILE.ID.eq(ITEM_IMAGE.FILE_ID))
            .where(i.USER_ID.eq(userId), i.TRANSACTION_ID.`in`(ids))
        val documentLines = db.select(
            DSL.inline(Lines.DOCUMENT).`as`(Lines.KIND), d.TRANSACTION_ID, DSL.castNull(i.POSITION.dataType),
            d.CREATED_AT, d.ID, d.FILENAME, STORED_FILE.MEDIA_TYPE, STORED_FILE.SIZE_BYTES, d.KIND,
            DSL.castNull(i.ID.dataType), DSL.castNull(i.AMOUNT_MINOR.dataType), DSL.castNull(i.QUANTITY.dataType), DSL.castNull(i.DESCRIPTION.dataType),
            DSL.castNull(i.BRAND.dataType), DSL.castNull(i.VARIATION.dataType), DSL.castNull(CATEGORY.ID.dataType), DSL.castNull(CATEGORY.NAME.dataType),
            DSL.castNull(CATEGORY.ICON.dataType), DSL.castNull(i.IS_REDUCTION.dataType),
        )
            .from(d).join(STORED_FILE).on(STORED_FILE.ID.eq(d.FILE_ID))
            .where(d.USER_ID.eq(userId), d.TRANSACTION_ID.`in`(ids))
        val lines = db.selectFrom(itemLines.unionAll(documentLines).asTable("attached"))
            .orderBy(Lines.KIND, Lines.TRANSACTION_ID, Lines.POSITION, Lines.ATTACHED_AT, Lines.ATTACHMENT_ID)
            .fetch()
        val (itemRows, documentRows) = lines.partition { it.get(Lines.KIND) == Lines.ITEM }
        val items = itemRows.map { r ->
            val transactionId = r.get(Lines.TRANSACTION_ID)!!
            val item = ItemView(
                r.get(Lines.ITEM_ID)!!, Money.format(r.get(Lines.AMOUNT_MINOR)!!, currencies.getValue(transactionId)), Money.normalize(r.get(Lines.QUANTITY)!!),
                r.get(Lines.DESCRIPTION), r.get(Lines.BRAND), r.get(Lines.VARIATION),
                CategoryRef.joined(r.get(Lines.CATEGORY_ID), r.get(Lines.CATEGORY_NAME), r.get(Lines.CATEGORY_ICON)), r.get(Lines.IS_REDUCTION)!!, emptyList(),
            )
            ItemLine(transactionId, item, FileView.joinedImage(r.get(Lines.ATTACHMENT_ID), r.get(Lines.MEDIA_TYPE), r.get(Lines.SIZE_BYTES), r.get(Lines.FILENAME)))
        }
            // rows of one item are adjacent (ordered by item); its images gathered onto the first
            .groupBy { it.item.id }.values
            .groupBy({ it.first().transactionId }) { lines -> lines.first().item.copy(images = lines.mapNotNull { it.image }) }
        val documents = documentRows.groupBy({ it.get(Lines.TRANSACTION_ID)!! }) { r ->
            DocumentView(
                r.get(Lines.ATTACHMENT_ID)!!, r.get(Lines.DOCUMENT_KIND) ?: DocumentKind.OTHER, r.get(Lines.MEDIA_TYPE)!!, r.get(Lines.SIZE_BYTES)!!,
                r.get(Lines.FILENAME), "/documents/${r.get(Lines.ATTACHMENT_ID)}",
            )
        }
        return items to documents
    }

    private companion object {
        /** A header's columns: the transaction's and its seller's name. */
        val HEADER_FIELDS: List<Field<*>> = TRANSACTIONS.fields().toList() + SELLER.NAME
    }

    /** The columns of [attachedLines]' statement, by name (the union's, not a table's). */
    private object Lines {
        const val ITEM = 0
        const val DOCUMENT = 1
        val KIND = DSL.field(DSL.name("line_kind"), SQLDataType.INTEGER)
        val TRANSACTION_ID = DSL.field(DSL.name("transaction_id"), TRANSACTION_ITEM.TRANSACTION_ID.dataType)
        val POSITION = DSL.field(DSL.name("position"), TRANSACTION_ITEM.POSITION.dataType)
        val ATTACHED_AT = DSL.field(DSL.name("attached_at"), ITEM_IMAGE.CREATED_AT.dataType)
        val ATTACHMENT_ID = DSL.field(DSL.name("attachment_id"), ITEM_IMAGE.ID.dataType)
        val FILENAME = DSL.field(DSL.name("filename"), ITEM_IMAGE.FILENAME.dataType)
        val MEDIA_TYPE = DSL.field(DSL.name("media_type"), STORED_FILE.MEDIA_TYPE.dataType)
        val SIZE_BYTES = DSL.field(DSL.name("size_bytes"), STORED_FILE.SIZE_BYTES.dataType)
        val DOCUMENT_KIND = DSL.field(DSL.name("document_kind"), TRANSACTION_DOCUMENT.KIND.dataType)
        val ITEM_ID = DSL.field(DSL.name("item_id"), TRANSACTION_ITEM.ID.dataType)
        val AMOUNT_MINOR = DSL.field(DSL.name("amount_minor"), TRANSACTION_ITEM.AMOUNT_MINOR.dataType)
        val QUANTITY = DSL.field(DSL.name("quantity"), TRANSACTION_ITEM.QUANTITY.dataType)
        val DESCRIPTION = DSL.field(DSL.name("description"), TRANSACTION_ITEM.DESCRIPTION.dataType)
        val BRAND = DSL.field(DSL.name("brand"), TRANSACTION_ITEM.BRAND.dataType)
        val VARIATION = DSL.field(DSL.name("variation"), TRANSACTION_ITEM.VARIATION.dataType)
        val CATEGORY_ID = DSL.field(DSL.name("category_id"), CATEGORY.ID.dataType)
        val CATEGORY_NAME = DSL.field(DSL.name("category_name"), CATEGORY.NAME.dataType)
        val CATEGORY_ICON = DSL.field(DSL.name("category_icon"), CATEGORY.ICON.dataType)
        val IS_REDUCTION = DSL.field(DSL.name("is_reduction"), TRANSACTION_ITEM.IS_REDUCTION.dataType)
    }
}

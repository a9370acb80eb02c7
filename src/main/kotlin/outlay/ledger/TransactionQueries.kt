package outlay.ledger

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.Record2
import org.jooq.Records
import org.jooq.SQLDialect
import org.jooq.Select
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
import outlay.platform.anyOf
import outlay.platform.Money
import outlay.platform.StatementShapes
import outlay.platform.exactMinor
import outlay.platform.notNull
import outlay.platform.sumOfMinor
import java.time.LocalDate
import java.util.UUID

/** What a list narrows by; [text] matches an item's description or brand, the note or the seller's name (any case). */
data class ListFilter(val accountId: UUID? = null, val from: LocalDate? = null, val to: LocalDate? = null, val text: String? = null)

/** A day's totals in one currency, over every transaction of that day the filter matches (not just one page's). */
data class DayTotal(val date: LocalDate, val currency: String, val expenses: String, val income: String)

/**
 * Reads of saved transactions as views, with everything a list shows (the repository of the
 * list and of `GET /transactions/{id}`; [TransactionRepository] holds the writes). Always three statements — the page
 * of headers, then the items (with their categories) and the documents and item images of exactly those
 * transactions by `transaction_id = any(?)`, the ids bound as one array — merged in memory, whatever the page size. Not one
 * statement with `multiset`: that made the page about twelve times slower on PostgreSQL (docs/performance.md).
 */
@Repository
class TransactionQueries(private val db: DSLContext, private val statements: StatementShapes) {
    private val planned = db.configuration().deriveAppending(PlanPerRun).dsl()

    fun page(userId: UUID, filter: ListFilter, cursor: Cursor?, limit: Int): List<TransactionView> {
        val t = TRANSACTIONS
        if (filter.text == null) return assemble(userId, headersWithoutText(userId, filter, cursor, limit))
        var condition = condition(userId, filter.copy(text = null))
        cursor?.let { condition = condition.and(DSL.row(t.OCCURRED_ON, t.ID).lt(it.date, it.id)) }
        val pattern = Text.containsPattern(filter.text)
        // H2 has no index for a substring either way, and one pass testing each row for all three parts
        // was 2 to 30 times faster there than the three passes of the split search (100,000 transactions).
        if (db.dialect().family() != SQLDialect.POSTGRES) return assemble(userId, headers(condition.and(textCondition(userId, pattern)), limit))
        return assemble(userId, matchingHeaders(userId, condition, pattern, limit))
    }

    /** Totals per day, currency and direction of the matching transactions on [days], in one grouped statement. */
    fun dayTotals(userId: UUID, filter: ListFilter, days: Set<LocalDate>): List<DayTotal> {
        if (days.isEmpty()) return emptyList()
        val t = TRANSACTIONS
        val sum = DSL.sum(t.TOTAL_MINOR).`as`("amount")
        val sums = db.select(t.OCCURRED_ON, t.CURRENCY, t.DIRECTION, sum).from(t)
            .where(condition(userId, filter), t.OCCURRED_ON.eq(anyOf(days)))
            .groupBy(t.OCCURRED_ON, t.CURRENCY, t.DIRECTION)
            .fetch { r -> r.into(t).let { Triple(it.occurredOn to it.currency, it.direction, exactMinor(r.get(sum))) } }
        return sums.groupBy { it.first }.map { (key, rows) ->
            fun total(direction: Direction) = Money.format(rows.filter { it.second == direction }.sumOfMinor { it.third }, key.second)
            DayTotal(key.first, key.second, total(Direction.EXPENSE), total(Direction.INCOME))
        }.sortedWith(compareByDescending<DayTotal> { it.date }.thenBy { it.currency })
    }

    private fun condition(userId: UUID, filter: ListFilter): Condition {
        val t = TRANSACTIONS
        val narrowed = narrowed(
            DSL.`val`(userId, t.USER_ID), filter.accountId?.let { DSL.`val`(it, t.ACCOUNT_ID) },
            filter.from?.let { DSL.`val`(it, t.OCCURRED_ON) }, filter.to?.let { DSL.`val`(it, t.OCCURRED_ON) },
        )
        return filter.text?.let { narrowed.and(textCondition(userId, Text.containsPattern(it))) } ?: narrowed
    }

    /** The caller's transactions, narrowed by each of account, first and last day that is given (values or a shape's slots). */
    private fun narrowed(user: Field<UUID?>, account: Field<UUID?>?, from: Field<LocalDate?>?, to: Field<LocalDate?>?): Condition {
        val t = TRANSACTIONS
        var condition: Condition = t.USER_ID.eq(user)
        account?.let { condition = condition.and(t.ACCOUNT_ID.eq(it)) }
        from?.let { condition = condition.and(t.OCCURRED_ON.ge(it)) }
        to?.let { condition = condition.and(t.OCCURRED_ON.le(it)) }
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
    private fun matchingHeaders(userId: UUID, narrowed: Condition, pattern: String, limit: Int): List<Record> {
        val t = TRANSACTIONS
        fun newest(match: Condition) =
            db.select(t.OCCURRED_ON, t.ID).from(t).where(narrowed, match).orderBy(t.OCCURRED_ON.desc(), t.ID.desc()).limit(limit)
        val bySeller = newestPerSeller(userId, narrowed, pattern, limit)
        val hits = newest(noteMatches(pattern)).union(bySeller).union(newest(itemMatches(userId, pattern))).asTable("hits")
        return planned.select(*t.fields(), SELLER.NAME).from(t)
            .join(hits).on(t.USER_ID.eq(userId), t.ID.eq(hits.field(t.ID)!!))
            .leftJoin(SELLER).on(SELLER.ID.eq(t.SELLER_ID))
            .orderBy(t.OCCURRED_ON.desc(), t.ID.desc())
            .limit(limit)
            .fetch()
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
        assemble(userId, headers(TRANSACTIONS.USER_ID.eq(userId).and(TRANSACTIONS.ID.eq(id)), 1)).firstOrNull()

    // The selects here name their tables' columns (not `transactions.*`): `into(TRANSACTIONS)` then finds
    // each column by identity, where after `table.*` jOOQ compared qualified names, column by column and
    // row by row, a fifth of a page's CPU (docs/performance.md, "Per-request CPU against ce507f6").
    private fun headers(condition: Condition, limit: Int): List<Record> = headers(limit) { condition }.fetch()

    private fun headers(limit: Int, condition: () -> Condition) =
        db.select(*TRANSACTIONS.fields(), SELLER.NAME).from(TRANSACTIONS)
            .leftJoin(SELLER).on(SELLER.ID.eq(TRANSACTIONS.SELLER_ID))
            .where(condition())
            .orderBy(TRANSACTIONS.OCCURRED_ON.desc(), TRANSACTIONS.ID.desc())
            // inlined: with the page size a parameter PostgreSQL planned the page anew on every call (0.23 ms) rather
            // than keep one generic plan for the prepared statement; clients use one or two page sizes
            .limit(DSL.inline(limit))

    /** What a page of headers without a text filter depends on, its values aside. */
    private data class PageShape(val account: Boolean, val from: Boolean, val to: Boolean, val cursor: Boolean, val limit: Int) : StatementShapes.Shape

    /** A page of headers without a text filter, rendered once per shape ([StatementShapes]). */
    private fun headersWithoutText(userId: UUID, filter: ListFilter, cursor: Cursor?, limit: Int): List<Record> {
        val t = TRANSACTIONS
        val shape = PageShape(filter.accountId != null, filter.from != null, filter.to != null, cursor != null, limit)
        return statements.fetch(
            shape,
            { v -> v.listPage(userId, filter.accountId, filter.from, filter.to, cursor) },
            { s ->
                headers(limit) {
                    val narrowed = narrowed(
                        s["user", t.USER_ID], if (shape.account) s["account", t.ACCOUNT_ID] else null,
                        if (shape.from) s["from", t.OCCURRED_ON] else null, if (shape.to) s["to", t.OCCURRED_ON] else null,
                    )
                    if (shape.cursor) narrowed.and(DSL.row(t.OCCURRED_ON, t.ID).lt(s["after_date", t.OCCURRED_ON], s["after_id", t.ID])) else narrowed
                }
            },
        ) { it }
    }

    private fun assemble(userId: UUID, headers: List<Record>): List<TransactionView> {
        if (headers.isEmpty()) return emptyList()
        val rows = headers.map { it.into(TRANSACTIONS) }
        val ids = rows.map { it.id }
        val currencies = rows.associate { it.id to it.currency }
        val (documents, images) = attachments(userId, ids)
        val shape = Items(statements.sizeInShape(ids.size))
        val items = statements.fetch(shape, { v -> v["user"] = userId; v.list("ids", ids) }, { s -> items(s, ids.size) }, itemMapping(images, currencies))
            .groupBy({ it.first }) { it.second }
        return headers.zip(rows) { h, t ->
            TransactionView(
                t.id, t.accountId, t.currency, t.direction, t.mode, t.occurredOn, t.occurredAt, t.sellerId, h.get(SELLER.NAME),
                t.sellerLocationId, t.note, Money.format(t.totalMinor, t.currency),
                items[t.id].orEmpty(), documents[t.id].orEmpty().map { it.toDocumentView() },
                t.createdAt.toInstant(), t.updatedAt.toInstant(),
            )
        }
    }

    /** The shape of the statements of a page's transactions: by how many ids, where the text depends on it. */
    private data class Items(val ids: Int) : StatementShapes.Shape

    /** The items of the [count] transactions whose ids are the list `ids`, with their categories. */
    private fun items(s: StatementShapes.Slots, count: Int) =
        db.select(
            TRANSACTION_ITEM.ID.notNull(), TRANSACTION_ITEM.TRANSACTION_ID.notNull(), TRANSACTION_ITEM.AMOUNT_MINOR.notNull(),
            TRANSACTION_ITEM.QUANTITY.notNull(), TRANSACTION_ITEM.DESCRIPTION, TRANSACTION_ITEM.BRAND, TRANSACTION_ITEM.VARIATION,
            // the category as three columns, not `CategoryFields.REF`: on PostgreSQL that is a `row(...)` the server
            // writes as text and jOOQ parses back, 3.6 % of the server's CPU for a page of 50 (docs/performance.md)
            CATEGORY.ID.notNull(), CATEGORY.NAME.notNull(), CATEGORY.ICON.notNull(),
            TRANSACTION_ITEM.IS_REDUCTION.notNull(),
        )
            .from(TRANSACTION_ITEM).join(CATEGORY).on(CATEGORY.ID.eq(TRANSACTION_ITEM.CATEGORY_ID))
            .where(TRANSACTION_ITEM.USER_ID.eq(s["user", TRANSACTION_ITEM.USER_ID]), s.anyOf(TRANSACTION_ITEM.TRANSACTION_ID, "ids", count))
            .orderBy(TRANSACTION_ITEM.TRANSACTION_ID, TRANSACTION_ITEM.POSITION)

    private fun itemMapping(images: Map<UUID, List<AttachmentRow>>, currencies: Map<UUID, String>) =
        Records.mapping { id: UUID, transactionId: UUID, amount: Long, quantity: java.math.BigDecimal, description: String?, brand: String?, variation: String?,
            categoryId: UUID, categoryName: String, icon: String, reduction: Boolean ->
            val images = images[id].orEmpty().map { it.toImageView() }
            val category = CategoryRef(categoryId, categoryName, icon)
            transactionId to ItemView(id, Money.format(amount, currencies.getValue(transactionId)), Money.normalize(quantity), description, brand, variation, category, reduction, images)
        }

    /**
     * The documents of transactions [ids] by transaction, and their items' images by item, each oldest first: one
     * statement. Images are few (1 % of the lab's items); joined to the items they cost an index probe per item
     * (0.47 of the items statement's 1.24 ms for a page of 50, docs/performance.md), here one per transaction.
     * A row's owner is its transaction or its item, and an image has no kind ([AttachmentRow]).
     */
    private fun attachments(userId: UUID, ids: List<UUID>): Pair<Map<UUID, List<AttachmentRow>>, Map<UUID, List<AttachmentRow>>> {
        val (ofTransactions, ofItems) = statements.fetch(
            Attachments(statements.sizeInShape(ids.size)), { v -> v["user"] = userId; v.list("ids", ids) }, { s -> attachments(s, ids.size) },
            Records.mapping { id, owner, kind, filename, mediaType, size, fileId, _ -> AttachmentRow(id, owner, kind, filename, mediaType, size, fileId) },
        ).partition { it.kind != null }
        return ofTransactions.groupBy { it.ownerId } to ofItems.groupBy { it.ownerId }
    }

    private data class Attachments(val ids: Int) : StatementShapes.Shape

    /** The documents and item images of the [count] transactions whose ids are the list `ids`, oldest first. */
    private fun attachments(s: StatementShapes.Slots, count: Int) = run {
        val d = TRANSACTION_DOCUMENT
        val i = ITEM_IMAGE
        val documents = db.select(
            d.ID.notNull(), d.TRANSACTION_ID.notNull(), d.KIND, d.FILENAME, STORED_FILE.MEDIA_TYPE.notNull(), STORED_FILE.SIZE_BYTES.notNull(), d.FILE_ID.notNull(),
            d.CREATED_AT.notNull(),
        )
            .from(d).join(STORED_FILE).on(STORED_FILE.ID.eq(d.FILE_ID))
            .where(d.USER_ID.eq(s["user", d.USER_ID]), s.anyOf(d.TRANSACTION_ID, "ids", count))
        val images = db.select(
            i.ID.notNull(), i.ITEM_ID.notNull(), DSL.inline(null, d.KIND), i.FILENAME, STORED_FILE.MEDIA_TYPE.notNull(), STORED_FILE.SIZE_BYTES.notNull(), i.FILE_ID.notNull(),
            i.CREATED_AT.notNull(),
        )
            .from(i).join(STORED_FILE).on(STORED_FILE.ID.eq(i.FILE_ID))
            .where(i.USER_ID.eq(s["user", i.USER_ID]), s.anyOf(i.TRANSACTION_ID, "ids", count))
        documents.unionAll(images)
            .orderBy(DSL.field(DSL.name(d.CREATED_AT.name)), DSL.field(DSL.name(d.ID.name))) // the union's columns, by name
    }
}

/** The values of a list page's statement (transactions' or transfers'), by the names its slots have. */
internal fun StatementShapes.Values.listPage(userId: UUID, accountId: UUID?, from: LocalDate?, to: LocalDate?, cursor: Cursor?) {
    this["user"] = userId
    this["account"] = accountId
    this["from"] = from
    this["to"] = to
    this["after_date"] = cursor?.date
    this["after_id"] = cursor?.id
}

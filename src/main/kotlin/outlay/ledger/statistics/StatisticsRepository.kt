package outlay.ledger.statistics

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.Record1
import org.jooq.Records
import org.jooq.Select
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.categories.CategoryRef
import outlay.db.tables.references.ACCOUNT
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.SELLER
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.ledger.Direction
import outlay.ledger.Mode
import outlay.ledger.Text
import outlay.platform.Cursor
import outlay.platform.Money
import outlay.platform.StatementShapes
import outlay.platform.exactMinor
import outlay.platform.notNull
import java.time.LocalDate
import java.util.UUID

/** A filter whose ids are checked and whose categories include their children. */
data class ResolvedFilter(
    val userId: UUID,
    val accountIds: Set<UUID>,
    val categoryIds: Set<UUID>,
    val modes: Set<Mode>,
    val sellerIds: Set<UUID>,
    val weekdays: Set<Int>,
    val from: LocalDate?,
    val to: LocalDate?,
    val direction: Direction?,
    val hasImage: Boolean?,
    val hasDocument: Boolean?,
    val text: String?,
    val includeTransfers: Boolean = false,
    /** When set, only these days (closed ranges) instead of [from] to [to]: the partial months around whole ones. */
    val dateRanges: List<ClosedRange<LocalDate>>? = null,
) {
    /** Conditions that select items rather than whole transactions. */
    val itemLevel: Boolean get() = categoryIds.isNotEmpty() || hasImage != null || text != null
}

/** A matching item and its position in its transaction (the cursor's tie-breaker). */
data class PositionedItem(val item: StatisticsItem, val position: Int)

/**
 * Statistics computed from the saved transactions and items: one grouped statement per source,
 * no per-row queries. Whole months of unfiltered ranges come from the pre-aggregated
 * `month_totals` instead ([MonthTotals], kept exact by every write in the same transaction);
 * this repository answers the rest — partial months, and filters those totals cannot answer.
 * Without item-level conditions (categories, images, text) and not grouped by category, the
 * transactions table alone answers: it carries each transaction's total and item count, so
 * there is no join and no distinct count. Otherwise items are joined to their transactions.
 * Both narrow through `transactions_user_date_idx` (user, date).
 */
@Repository
class StatisticsRepository(private val db: DSLContext) {
    private val t = TRANSACTIONS
    private val i = TRANSACTION_ITEM

    // the group keys are built per grouping (a dynamic select list), so the rows are read by field, through these typed names
    private val currencyKey = t.CURRENCY.notNull()
    private val directionKey = t.DIRECTION.notNull()

    /** The item's amount with reductions negative. */
    private val signedAmount: Field<Long> =
        DSL.`when`(i.IS_REDUCTION.isTrue, i.AMOUNT_MINOR.neg()).otherwise(i.AMOUNT_MINOR).coerce(Long::class.java)

    /** Grouped by [grouping], currency and direction; [byDay]: by the transaction's day too (each [GroupTotal.day] set). */
    fun <K> totals(filter: ResolvedFilter, grouping: Grouping<K>, byDay: Boolean = false): List<GroupTotal<K>> =
        if (filter.itemLevel || !grouping.byTransaction) itemTotals(filter, grouping, byDay) else transactionTotals(filter, grouping, byDay)

    /** The grouped columns: the grouping's, the day when asked (once, when the grouping is the day), currency, direction. */
    private fun keys(grouping: Grouping<*>, byDay: Boolean): List<Field<*>> =
        listOfNotNull(grouping.field, t.OCCURRED_ON.takeIf { byDay && grouping.field != t.OCCURRED_ON }, t.CURRENCY, t.DIRECTION)

    // The totals read each column by its own field: a grouped row carries three to five of the table's
    // columns, and `into(t)` searched each of the others by name, row by row (docs/performance.md,
    // "Per-request CPU against ce507f6").
    private fun <K> transactionTotals(filter: ResolvedFilter, grouping: Grouping<K>, byDay: Boolean): List<GroupTotal<K>> {
        val sum = DSL.sum(t.TOTAL_MINOR).`as`("amount")
        val transactions = DSL.count().`as`("transactions")
        val items = DSL.sum(t.ITEM_COUNT).`as`("items")
        return db.select(keys(grouping, byDay) + listOf(sum, transactions, items))
            .from(t)
            .where(DSL.and(transactionConditions(filter)))
            .groupBy(keys(grouping, byDay))
            .fetch { r ->
                GroupTotal(
                    grouping.fromRow(r), r.get(currencyKey), r.get(directionKey), exactMinor(r.get(sum)), r.get(transactions).toLong(), r.get(items)?.toLong() ?: 0,
                    if (byDay) r.get(t.OCCURRED_ON) else null,
                )
            }
    }

    private fun <K> itemTotals(filter: ResolvedFilter, grouping: Grouping<K>, byDay: Boolean): List<GroupTotal<K>> {
        val sum = DSL.sum(signedAmount).`as`("amount")
        val transactions = DSL.countDistinct(t.ID).`as`("transactions")
        val items = DSL.count().`as`("items")
        val select = db.select(keys(grouping, byDay) + listOf(sum, transactions, items))
            .from(i).join(t).on(t.USER_ID.eq(i.USER_ID), t.ID.eq(i.TRANSACTION_ID))
        val joined = if (grouping == Grouping.ParentCategory) select.join(CATEGORY).on(CATEGORY.ID.eq(i.CATEGORY_ID)) else select
        return joined.where(condition(filter))
            .groupBy(keys(grouping, byDay))
            .fetch { r ->
                GroupTotal(
                    grouping.fromRow(r), r.get(currencyKey), r.get(directionKey), exactMinor(r.get(sum)), r.get(transactions).toLong(), r.get(items).toLong(),
                    if (byDay) r.get(t.OCCURRED_ON) else null,
                )
            }
    }

    /** What the text of [branch] depends on: the grouping, how many date ranges and categories, whether a direction. */
    data class BranchShape(val grouping: Grouping<*>, val ranges: Int, val categories: Int, val direction: Boolean, val monthStarts: List<LocalDate>?)

    /**
     * The shape of [branch] for [filter]'s [ResolvedFilter.dateRanges] (each within one month): a filter the monthly
     * totals answer, by date, direction and categories only.
     */
    fun branchShape(filter: ResolvedFilter, grouping: Grouping<*>): BranchShape {
        val ranges = requireNotNull(filter.dateRanges) { "a branch reads the partial months' ranges" }
        require(filter.accountIds.isEmpty() && filter.modes.isEmpty() && filter.sellerIds.isEmpty() && filter.weekdays.isEmpty() &&
            filter.hasImage == null && filter.hasDocument == null && filter.text == null) { "a branch has the monthly totals' filters only" }
        // for the months the group keys are the ranges' months, inlined (below): part of the text
        return BranchShape(grouping, ranges.size, filter.categoryIds.size, filter.direction != null, ranges.map { it.start }.takeIf { grouping == Grouping.Month })
    }

    /** [filter]'s values for [branch], by the names its slots have. */
    fun branchValues(filter: ResolvedFilter, values: StatementShapes.Values) {
        values[PARTIAL_USER] = filter.userId
        filter.dateRanges!!.forEachIndexed { n, range ->
            values["${PARTIAL_FROM}$n"] = range.start
            values["${PARTIAL_TO}$n"] = range.endInclusive
        }
        values[PARTIAL_DIRECTION] = filter.direction
        filter.categoryIds.forEachIndexed { n, id -> values["${PARTIAL_CATEGORY}$n"] = id }
    }

    /**
     * [totals] of a filter's partial months ([branchShape], values from [branchValues]), unrun, as the branch of
     * [RangeTotals.totals] that adds the partial months to the whole ones: the group keyed as `month_totals` keys it
     * (for [Grouping.Month] the month's first day; each range lies within one month), currency, direction, amount,
     * transaction and item counts.
     */
    fun branch(shape: BranchShape, slots: StatementShapes.Slots): Select<out Record> {
        val grouping = shape.grouping
        val key: Field<*>? = when (grouping) {
            Grouping.None -> null
            Grouping.Month -> shape.monthStarts!!.drop(1).fold(DSL.inline(shape.monthStarts.first().withDayOfMonth(1)) as Field<LocalDate>) { other, start ->
                // inlined, not bound: the select and GROUP BY expressions must be identical for PostgreSQL
                DSL.`when`(t.OCCURRED_ON.ge(DSL.inline(start)), DSL.inline(start.withDayOfMonth(1))).otherwise(other)
            }
            Grouping.Seller -> DSL.coalesce(t.SELLER_ID, DSL.inline(MonthTotals.ALL))
            else -> grouping.field
        }
        val itemLevel = shape.categories > 0 || !grouping.byTransaction
        val sums = if (itemLevel) listOf(DSL.sum(signedAmount), DSL.countDistinct(t.ID), DSL.count())
        else listOf(DSL.sum(t.TOTAL_MINOR), DSL.count(), DSL.sum(t.ITEM_COUNT))
        val user = slots[PARTIAL_USER, t.USER_ID]
        val conditions = mutableListOf(
            t.USER_ID.eq(user),
            // each range a bounded range of the (user, date) index
            DSL.or((0 until shape.ranges).map { t.OCCURRED_ON.between(slots["${PARTIAL_FROM}$it", t.OCCURRED_ON], slots["${PARTIAL_TO}$it", t.OCCURRED_ON]) }),
        )
        if (shape.direction) conditions += t.DIRECTION.eq(slots[PARTIAL_DIRECTION, t.DIRECTION])
        if (itemLevel) conditions += i.USER_ID.eq(user)
        if (shape.categories > 0) conditions += i.CATEGORY_ID.`in`((0 until shape.categories).map { slots["${PARTIAL_CATEGORY}$it", i.CATEGORY_ID] })
        val select = db.select(listOf(key ?: DSL.inline(MonthTotals.ALL), t.CURRENCY, t.DIRECTION) + sums)
        val from = if (!itemLevel) select.from(t)
        else select.from(i).join(t).on(t.USER_ID.eq(i.USER_ID), t.ID.eq(i.TRANSACTION_ID))
            .let { if (grouping == Grouping.ParentCategory) it.join(CATEGORY).on(CATEGORY.ID.eq(i.CATEGORY_ID)) else it }
        return from.where(DSL.and(conditions)).groupBy(listOfNotNull(key, t.CURRENCY, t.DIRECTION))
    }

    /**
     * The matching items, newest first, keyset-paginated on (date, transaction id, position); with [categoryIds] (a
     * subquery) those of its categories only, and nothing unless [categoriesKnown] holds.
     */
    fun items(filter: ResolvedFilter, cursor: Cursor?, limit: Int, categoryIds: Select<out Record1<UUID?>>? = null, categoriesKnown: Condition? = null): List<PositionedItem> {
        var condition = condition(filter)
        categoryIds?.let { condition = condition.and(i.CATEGORY_ID.`in`(it)) }
        categoriesKnown?.let { condition = condition.and(it) }
        if (cursor != null) {
            condition = condition.and(
                t.OCCURRED_ON.lt(cursor.date)
                    .or(t.OCCURRED_ON.eq(cursor.date).and(t.ID.lt(cursor.id)))
                    .or(t.OCCURRED_ON.eq(cursor.date).and(t.ID.eq(cursor.id)).and(i.POSITION.gt(cursor.seq))),
            )
        }
        return db.select(
            i.ID.notNull(), i.TRANSACTION_ID.notNull(), i.POSITION.notNull(), i.AMOUNT_MINOR.notNull(), i.IS_REDUCTION.notNull(), i.DESCRIPTION,
            t.OCCURRED_ON.notNull(), t.DIRECTION.notNull(), t.MODE.notNull(), t.ACCOUNT_ID.notNull(), t.SELLER_ID, t.CURRENCY.notNull(), t.NOTE,
            ACCOUNT.NAME.notNull(), SELLER.NAME, CATEGORY.ID.notNull(), CATEGORY.NAME.notNull(), CATEGORY.ICON.notNull(),
        )
            .from(i).join(t).on(t.USER_ID.eq(i.USER_ID), t.ID.eq(i.TRANSACTION_ID))
            .join(ACCOUNT).on(ACCOUNT.ID.eq(t.ACCOUNT_ID))
            .join(CATEGORY).on(CATEGORY.ID.eq(i.CATEGORY_ID))
            .leftJoin(SELLER).on(SELLER.ID.eq(t.SELLER_ID))
            .where(condition)
            .orderBy(t.OCCURRED_ON.desc(), t.ID.desc(), i.POSITION.asc())
            .limit(limit)
            // typed by position, never `into(table)`: that would look up the columns this select does not
            // carry (a transaction's or account's id) by name, find two `id`s, and log a stack trace per row.
            // The joined tables are inner joins but the seller's, whose name is null without a seller.
            .fetch(
                Records.mapping {
                        id, transactionId, position, amount, isReduction, description, date, direction, mode, accountId, sellerId, currency, note,
                        accountName, sellerName, categoryId, categoryName, icon,
                    ->
                    val item = StatisticsItem(
                        id, transactionId, date, direction, mode, accountId, accountName, sellerId, sellerName,
                        CategoryRef(categoryId, categoryName, icon), currency, Money.format(amount, currency), isReduction, description, note,
                    )
                    PositionedItem(item, position)
                },
            )
    }

    /** Item-level and transaction-level conditions, for queries that join items to transactions. */
    private fun condition(f: ResolvedFilter): Condition {
        val conditions = transactionConditions(f)
        conditions += i.USER_ID.eq(f.userId)
        if (f.categoryIds.isNotEmpty()) conditions += i.CATEGORY_ID.`in`(f.categoryIds)
        f.hasImage?.let {
            val exists = DSL.exists(DSL.selectOne().from(ITEM_IMAGE).where(ITEM_IMAGE.USER_ID.eq(f.userId), ITEM_IMAGE.ITEM_ID.eq(i.ID)))
            conditions += if (it) exists else DSL.not(exists)
        }
        f.text?.let { text ->
            val pattern = Text.containsPattern(text)
            conditions += DSL.lower(t.NOTE).like(pattern, '\\').or(DSL.lower(i.DESCRIPTION).like(pattern, '\\'))
        }
        return DSL.and(conditions)
    }

    private fun transactionConditions(f: ResolvedFilter): MutableList<Condition> {
        val conditions = mutableListOf<Condition>(t.USER_ID.eq(f.userId))
        if (f.accountIds.isNotEmpty()) conditions += t.ACCOUNT_ID.`in`(f.accountIds)
        if (f.modes.isNotEmpty()) conditions += t.MODE.`in`(f.modes)
        if (f.sellerIds.isNotEmpty()) conditions += t.SELLER_ID.`in`(f.sellerIds)
        if (f.weekdays.isNotEmpty()) conditions += DSL.isoDayOfWeek(t.OCCURRED_ON).`in`(f.weekdays)
        val ranges = f.dateRanges
        if (ranges != null) {
            // each range a bounded range of the (user, date) index
            conditions += DSL.or(ranges.map { t.OCCURRED_ON.between(it.start, it.endInclusive) })
        } else {
            f.from?.let { conditions += t.OCCURRED_ON.ge(it) }
            f.to?.let { conditions += t.OCCURRED_ON.le(it) }
        }
        f.direction?.let { conditions += t.DIRECTION.eq(it) }
        f.hasDocument?.let {
            val exists = DSL.exists(DSL.selectOne().from(TRANSACTION_DOCUMENT).where(TRANSACTION_DOCUMENT.USER_ID.eq(t.USER_ID), TRANSACTION_DOCUMENT.TRANSACTION_ID.eq(t.ID)))
            conditions += if (it) exists else DSL.not(exists)
        }
        return conditions
    }

    private companion object {
        const val PARTIAL_USER = "partial_user"
        const val PARTIAL_FROM = "partial_from"
        const val PARTIAL_TO = "partial_to"
        const val PARTIAL_DIRECTION = "partial_direction"
        const val PARTIAL_CATEGORY = "partial_category"
    }
}

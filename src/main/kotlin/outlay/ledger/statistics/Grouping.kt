package outlay.ledger.statistics

import org.jooq.Field
import org.jooq.Record
import org.jooq.impl.DSL
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.ledger.Direction
import java.time.LocalDate
import java.util.UUID

/**
 * One group's sums for one currency and direction; [K] is what the group is keyed by. [day] is set
 * when the rows were also grouped by day (for conversion at each day's rate).
 */
data class GroupTotal<K>(
    val key: K, val currency: String, val direction: Direction, val amountMinor: Long, val transactions: Long, val items: Long, val day: LocalDate? = null,
    /** The group's account or category as read with the sums (a join), when the statement read it. */
    val label: GroupLabel? = null,
)

/** What names a group: an account's or category's name, and a category's icon and parent. */
data class GroupLabel(val name: String, val icon: String? = null, val parentId: UUID? = null)

/**
 * What totals are grouped by, besides currency and direction, with the type of its key: the
 * expression to group rows by, how to read the key back from a row, and from a `month_totals`
 * row. Statistics keep the key's type from the query to the response, never an `Any`.
 */
sealed class Grouping<K> {
    /** The grouped expression when items are joined to transactions; null: one group. */
    abstract val field: Field<*>?

    /** Whether the transactions table alone can answer (it has no item columns). */
    open val byTransaction: Boolean get() = true

    abstract fun fromRow(row: Record): K

    /** The key of a monthly totals row: its [group] (a category, account or seller, or [MonthTotals.ALL]) or its [month]'s first day. */
    abstract fun fromMonthTotals(group: UUID?, month: LocalDate?): K

    data object None : Grouping<Unit>() {
        override val field: Field<*>? = null
        override fun fromRow(row: Record) = Unit
        override fun fromMonthTotals(group: UUID?, month: LocalDate?) = Unit
    }

    data object Category : Grouping<UUID>() {
        override val field = TRANSACTION_ITEM.CATEGORY_ID
        override val byTransaction get() = false
        override fun fromRow(row: Record) = row.required(field)
        override fun fromMonthTotals(group: UUID?, month: LocalDate?) = group ?: error("no group in a monthly row")
    }

    /** A child category counts for its parent; a category without parent for itself. */
    data object ParentCategory : Grouping<UUID>() {
        override val field: Field<UUID?> = DSL.coalesce(CATEGORY.PARENT_ID, CATEGORY.ID)
        override val byTransaction get() = false
        override fun fromRow(row: Record) = row.required(field)
        override fun fromMonthTotals(group: UUID?, month: LocalDate?) = group ?: error("no group in a monthly row")
    }

    data object Day : Grouping<LocalDate>() {
        override val field = TRANSACTIONS.OCCURRED_ON
        override fun fromRow(row: Record) = row.required(field)
        override fun fromMonthTotals(group: UUID?, month: LocalDate?) = error("month_totals has no days")
    }

    /** The month's first day; rows group by yyyymm as one number, so months group in the database. */
    data object Month : Grouping<LocalDate>() {
        // inlined constants keep the select and GROUP BY expressions identical for PostgreSQL
        override val field: Field<Int?> =
            DSL.year(TRANSACTIONS.OCCURRED_ON).mul(DSL.inline(100)).plus(DSL.month(TRANSACTIONS.OCCURRED_ON))
        override fun fromRow(row: Record) = row.required(field).let { LocalDate.of(it / 100, it % 100, 1) }
        override fun fromMonthTotals(group: UUID?, month: LocalDate?) = month ?: error("no month in a monthly row")
    }

    data object Account : Grouping<UUID>() {
        override val field = TRANSACTIONS.ACCOUNT_ID
        override fun fromRow(row: Record) = row.required(field)
        override fun fromMonthTotals(group: UUID?, month: LocalDate?) = group ?: error("no group in a monthly row")
    }

    /** Null for transactions without a seller. */
    data object Seller : Grouping<UUID?>() {
        override val field = TRANSACTIONS.SELLER_ID
        override fun fromRow(row: Record) = row.get(field)
        override fun fromMonthTotals(group: UUID?, month: LocalDate?) = group.takeUnless { it == MonthTotals.ALL }
    }
}

/** A computed key the SQL never leaves null (it groups NOT NULL columns). */
private fun <T : Any> Record.required(field: Field<T?>): T = get(field) ?: error("${field.name} is null in a group key")

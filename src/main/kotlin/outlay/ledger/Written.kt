package outlay.ledger

import outlay.categories.CategoryRef
import outlay.categories.CategoryView
import outlay.platform.Money
import java.util.UUID

/** What a save wrote: the transaction's row, its items, and the categories they were checked against (by id). */
data class Written(val row: TransactionRow, val items: List<ItemRow>, val categories: Map<UUID, CategoryView>) {
    /** Each item category's top-level category (itself at the top), for the monthly totals. */
    val parents: Map<UUID, UUID> get() = categories.mapValues { (id, category) -> category.parentId ?: id }

    /**
     * The transaction as [TransactionQueries.one] reads it, from what was written, with the [images] (by item)
     * and [documents] the save moved onto it. Null with a seller, whose name only a read brings, and with a time
     * of day in fractions of a second, which H2 keeps to the second. `DraftFlowTest` holds the two answers equal.
     */
    fun toView(images: Map<UUID, List<FileView>>, documents: List<DocumentView>): TransactionView? {
        if (row.sellerId != null || (row.time?.nano ?: 0) != 0) return null
        val c = row.currency
        return TransactionView(
            row.id, row.accountId, c, row.direction, row.mode, row.date, row.time, null, null, row.sellerLocationId, row.note,
            Money.format(row.totalMinor, c),
            items.map { i ->
                val category = categories.getValue(i.categoryId).let { CategoryRef(it.id, it.name, it.icon) }
                ItemView(i.id, Money.format(i.amountMinor, c), Money.normalize(i.quantity), i.description, i.brand, i.variation, category, i.isReduction, images[i.id].orEmpty())
            },
            documents, row.createdAt, row.updatedAt,
        )
    }
}

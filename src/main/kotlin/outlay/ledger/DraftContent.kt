package outlay.ledger

import outlay.platform.Money

/**
 * A draft with all it holds, as one statement reads it: the header, the items in their order
 * (each with its photos) and the documents. An edit that read it under the draft's lock knows
 * what its writes leave, and answers with [toView] without reading the draft again.
 */
data class DraftContent(val header: DraftHeader, val items: List<Pair<DraftItemRow, List<FileView>>>, val documents: List<DocumentView>) {
    fun toView(): DraftView = header.let { h ->
        DraftView(
            h.id, h.accountId, h.currency, h.direction, h.mode, h.date, h.time, h.sellerId, h.sellerLocationId, h.note,
            items.map { (item, images) -> item.toView(images, h.currency) }, documents, h.updatedAt,
        )
    }
}

/** An item as clients see it; amounts show in the currency's format ("1.00") once it is known and they fit it. */
fun DraftItemRow.toView(images: List<FileView>, currency: String?) = ItemView(
    id, currency?.let { c -> Money.toMinor(amount, c)?.let { Money.format(it, c) } } ?: Money.format(amount), Money.normalize(quantity),
    description, brand, variation, category, isReduction, images,
)

package outlay.ledger

import org.springframework.stereotype.Component
import outlay.platform.Money
import java.util.UUID

/** Assembles draft views: four queries (header, items, documents, images), never one per item. */
@Component
class DraftViews(private val drafts: DraftRepository) {

    fun load(userId: UUID): DraftView? {
        val h = drafts.find(userId) ?: return null
        val images = drafts.images(userId).groupBy { it.ownerId }
        return DraftView(
            h.id, h.accountId, h.currency, h.direction, h.mode, h.date, h.time, h.sellerId, h.sellerLocationId, h.note,
            drafts.items(userId).map { it.toView(images[it.id].orEmpty(), h.currency) },
            documents(userId), h.updatedAt,
        )
    }

    /** One item, given the draft's currency the caller already read. */
    fun item(userId: UUID, itemId: UUID, currency: String?): ItemView? {
        val item = drafts.item(userId, itemId) ?: return null
        return item.toView(drafts.images(userId, itemId), currency)
    }

    fun documents(userId: UUID): List<DocumentView> = drafts.documents(userId).map { it.toDocumentView() }

    /** Amounts show in the currency's format ("1.00") once it is known and they fit it. */
    private fun DraftItemRow.toView(images: List<AttachmentRow>, currency: String?) = ItemView(
        id, currency?.let { c -> Money.toMinor(amount, c)?.let { Money.format(it, c) } } ?: Money.format(amount), Money.normalize(quantity),
        description, brand, variation, category, isReduction, images.map { it.toImageView() },
    )
}

fun AttachmentRow.toDocumentView() = DocumentView(id, kind ?: "other", mediaType, sizeBytes, filename, "/documents/$id")

fun AttachmentRow.toImageView() = FileView(id, mediaType, sizeBytes, filename, "/images/$id")

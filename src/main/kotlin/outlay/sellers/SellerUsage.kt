package outlay.sellers

import java.util.UUID

/**
 * Whether anything refers to a seller. Declared here and answered by the modules that refer to
 * sellers (the ledger's transactions and draft, the recurring rules' templates), so those
 * modules depend on sellers and never the other way round.
 */
fun interface SellerUsage {
    fun isSellerReferenced(userId: UUID, sellerId: UUID): Boolean
}

/** What removing a seller did: deleted it, or archived it because something refers to it. */
sealed interface SellerRemoval {
    data object Deleted : SellerRemoval
    data class Archived(val seller: SellerView) : SellerRemoval
}

package outlay.categories

import java.util.UUID

/**
 * Whether items use a category. Declared here and answered by the ledger (which owns the
 * items), so the dependency points from the ledger to categories only.
 */
fun interface CategoryUsage {
    /** A saved item or a draft item refers to the category. */
    fun isCategoryUsed(userId: UUID, categoryId: UUID): Boolean
}

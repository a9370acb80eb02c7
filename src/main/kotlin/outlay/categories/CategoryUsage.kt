package outlay.categories

import java.util.UUID

/**
 * Whether items use a category. Declared here and answered by the modules whose items name
 * categories (the ledger's items, the recurring rules' templates), so the dependency points from
 * them to categories only.
 */
interface CategoryUsage {
    /** A saved item or a draft item refers to the category. */
    fun isCategoryUsed(userId: UUID, categoryId: UUID): Boolean = false

    /** What will record with the category later (a recurring rule), named for the person, or null. */
    fun categoryNeededBy(userId: UUID, categoryId: UUID): String? = null
}

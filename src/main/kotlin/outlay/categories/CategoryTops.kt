package outlay.categories

import org.jooq.DSLContext
import org.springframework.stereotype.Repository
import outlay.db.tables.references.CATEGORY
import java.util.UUID

/**
 * Which top-level category each category counts under: its parent, or itself when it has none.
 * Published for the ledger's totals per top-level category, so the ledger asks this module
 * rather than reading `category.parent_id` itself (as it asks [CategoryService] whether an id is
 * the caller's).
 */
interface CategoryTops {
    /** The top-level category of each of [ids] that exists; ids the caller has already checked. */
    fun topLevel(ids: Collection<UUID>): Map<UUID, UUID>
}

/** [CategoryTops] in one statement, by primary key. */
@Repository
class CategoryTopsRepository(private val db: DSLContext) : CategoryTops {
    override fun topLevel(ids: Collection<UUID>): Map<UUID, UUID> =
        db.selectFrom(CATEGORY).where(CATEGORY.ID.`in`(ids)).fetch().associate { it.id to (it.parentId ?: it.id) }
}

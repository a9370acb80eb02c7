package outlay.categories

import org.jooq.Condition
import org.jooq.Field
import org.jooq.impl.DSL
import outlay.db.tables.Category
import outlay.db.tables.references.CATEGORY
import java.util.UUID

/** Fields and conditions other modules use where they join or look up `category` (the ledger's items, the statistics). */
object CategoryFields {
    /**
     * The joined category as one typed field: null where an outer join found none (jOOQ then reads its columns as nulls).
     * Outside a `multiset` PostgreSQL returns it as a `row(...)` in text that jOOQ parses back: fine for a row or two, but a
     * read of many rows selects the three columns instead (the transaction list, docs/performance.md).
     */
    val REF: Field<CategoryRef?> = DSL.field(DSL.row(CATEGORY.ID, CATEGORY.NAME, CATEGORY.ICON).mapping(CategoryRef::joined))

    /** The categories [user] sees: the built-in ones and the user's own ([c] for an alias the statement needs). */
    fun visibleTo(user: Field<UUID?>, c: Category = CATEGORY): Condition = c.USER_ID.isNull.or(c.USER_ID.eq(user))
}

package outlay.categories

import org.jooq.Field
import org.jooq.impl.DSL
import outlay.db.tables.references.CATEGORY

/** Fields other modules select where they join `category` (the ledger's items, the statistics). */
object CategoryFields {
    /**
     * The joined category as one typed field: null where an outer join found none (jOOQ then reads its columns as nulls).
     * Outside a `multiset` PostgreSQL returns it as a `row(...)` in text that jOOQ parses back: fine for a row or two, but a
     * read of many rows selects the three columns instead (the transaction list, docs/performance.md).
     */
    val REF: Field<CategoryRef?> = DSL.field(DSL.row(CATEGORY.ID, CATEGORY.NAME, CATEGORY.ICON).mapping(CategoryRef::joined))
}

package outlay.platform

import org.jooq.Field

/**
 * A NOT NULL column typed as never null. jOOQ's Kotlin generator types every column `Field<T?>`,
 * so a typed read of one (`Records.mapping`) would end in `!!` on each value; this narrows the type
 * once, where the column is named, after checking that the schema declares it NOT NULL. Not for a
 * column of an outer-joined table, which reads as null where the join found no row (also inside a
 * nested `row(...)`: jOOQ hands its mapping the nulls).
 */
@Suppress("UNCHECKED_CAST")
fun <T : Any> Field<T?>.notNull(): Field<T> {
    check(!dataType.nullable()) { "$name is nullable" }
    return this as Field<T>
}

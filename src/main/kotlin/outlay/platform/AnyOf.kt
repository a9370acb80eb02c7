package outlay.platform

import org.jooq.QuantifiedSelect
import org.jooq.Record1
import org.jooq.impl.DSL

/**
 * `= any(?)` with [values] bound as one array, for `column.eq(anyOf(ids))` where `column.in(ids)` would bind each
 * value on its own. A page's 50 ids as an `IN` list were 50 placeholders to render and bind per list (twice in its
 * attachments' union), a different statement text per page size, and on PostgreSQL a plan made again at each bind
 * for the union (0.4 ms); as one array the text is the same for every size (docs/performance.md).
 */
inline fun <reified T> anyOf(values: Collection<T>): QuantifiedSelect<Record1<T>> = DSL.any(*values.toTypedArray())

package outlay.platform

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.impl.DSL

/**
 * [field], a constant part of statements (a nested collection or a correlated subquery: no bind values, the same
 * tree on every run), rendered once for this database's dialect and reused as its SQL text with its own data type,
 * so that what it reads is converted as before. jOOQ renders a statement's whole tree on every run: the draft's nested
 * items and documents, rendered identically each time, were 3 % of the server's CPU at the lab's knee
 * (docs/performance.md). A part with bind values would lose them, so it is refused.
 */
fun <T> DSLContext.prerendered(field: Field<T>): Field<T> {
    require(extractBindValues(field).isEmpty()) { "a part with bind values renders differently each time: $field" }
    return DSL.field(DSL.raw(render(field)), field.dataType)
}

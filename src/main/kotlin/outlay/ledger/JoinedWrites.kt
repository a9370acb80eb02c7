package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Query
import org.jooq.QueryPart
import org.jooq.Record
import org.jooq.ResultQuery
import org.jooq.SQLDialect
import org.jooq.Select
import org.jooq.impl.DSL
import org.springframework.stereotype.Component
import outlay.platform.StatementShapes

/**
 * Writes that need nothing from one another's results, run in their order. On PostgreSQL they go
 * as one statement, all but the last as data-modifying `WITH` parts: one parse, plan and round trip
 * instead of one each, while the request holds the user's lock. H2 has no writes in `WITH`, so
 * there they run one by one.
 *
 * Only for writes that do not read rows another of them writes: the parts of one PostgreSQL
 * statement share its snapshot, and none sees another's changes. Foreign keys are checked and
 * cascades applied at the statement's end, after all parts, so a part may insert rows that
 * reference an earlier part's rows, and the last may delete rows an earlier part copies.
 */
@Component
class JoinedWrites(private val db: DSLContext, private val statements: StatementShapes) {
    fun execute(writes: List<Query>) {
        if (writes.size < 2 || !postgres()) {
            writes.forEach { it.execute() }
            return
        }
        // A result query, though it returns no rows: for a plain SQL statement that is not one, jOOQ tells a DDL
        // statement apart by rendering the whole statement a second time, lowercasing it and matching it against
        // regular expressions (DefaultExecuteContext.type), 1.3 % of the server's CPU at the lab's knee. Without a
        // result set jOOQ hands back the update count as one row, which nobody reads.
        db.resultQuery("with ${parts(writes.size - 1)} {${writes.size - 1}}", *writes.toTypedArray()).execute()
    }

    /**
     * [read]'s first record, with [writes] in the same statement on PostgreSQL (as `WITH` parts before it), rendered
     * once per shape ([StatementShapes]: [shape] names what both builders depend on, [fill] sets the values). The read
     * sees the database as it was before the writes: there by the statement's one snapshot, on H2 by running first.
     * So a caller may write what it expects to keep, check it against the read, and throw to roll the writes back.
     */
    fun fetchBefore(shape: StatementShapes.Shape, fill: (StatementShapes.Values) -> Unit, read: (StatementShapes.Slots) -> Select<*>, writes: (StatementShapes.Slots) -> List<Query>): Record? {
        if (!postgres()) return statements.built(fill) { s -> read(s).fetchOne().also { writes(s).forEach { it.execute() } } }
        return statements.fetch(shape, fill, { s -> before(read(s), writes(s)) }) { it }.firstOrNull()
    }

    private fun before(read: Select<*>, writes: List<Query>): ResultQuery<Record> {
        @Suppress("UNCHECKED_CAST") // a select's records are records
        if (writes.isEmpty()) return read as ResultQuery<Record>
        // not `writes + read`: a query is Iterable, and that would run it and add its records.
        // Coerced to the read's own fields, so a caller reads each (nested collections too) as the read alone would give it.
        val parts: Array<QueryPart> = arrayOf(*writes.toTypedArray(), read)
        return db.resultQuery("with ${parts(writes.size)} {${writes.size}}", *parts).coerce(read.select)
    }

    /**
     * [first], a write that returns one row, and [then], a write that returns its own rows and takes [column]'s value
     * from that row: one statement on PostgreSQL, where [then] reads the value from [first]'s `WITH` part (writes in
     * `WITH` may read one another's returned rows), rendered once per shape ([StatementShapes]: [shape] names what both
     * builders depend on, [fill] sets the values); on H2 one after the other, built from the values. Returns [first]'s
     * row and whether [then] wrote any row.
     */
    fun <T> chained(
        shape: StatementShapes.Shape, fill: (StatementShapes.Values) -> Unit, first: (StatementShapes.Slots) -> ResultQuery<out Record>,
        column: Field<T>, then: (StatementShapes.Slots, Field<T>) -> ResultQuery<*>,
    ): Pair<Record, Boolean> {
        if (!postgres()) return statements.built(fill) { s ->
            val row = first(s).fetchSingle()
            row to (then(s, DSL.`val`(row.get(column), column)).execute() > 0)
        }
        val row = statements.fetch(shape, fill, { s ->
            val head = first(s)
            val value = DSL.field(DSL.select(DSL.field(DSL.name("w0", column.name), column.dataType)).from(DSL.name("w0")))
            db.resultQuery("with w0 as ({0}), w1 as ({1}) select w0.*, (select count(*) from w1) as then_wrote from w0", head, then(s, value))
                .coerce(*head.fields(), THEN_WROTE)
        }) { it }.single()
        return row to (row.get(THEN_WROTE) > 0)
    }

    private fun postgres() = db.dialect().family() == SQLDialect.POSTGRES

    private fun parts(count: Int) = (0 until count).joinToString(", ") { "w$it as ({$it})" }

    private companion object {
        val THEN_WROTE: Field<Int> = DSL.field(DSL.name("then_wrote"), Int::class.java)
    }
}

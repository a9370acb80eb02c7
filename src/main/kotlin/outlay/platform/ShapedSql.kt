package outlay.platform

import org.jooq.DSLContext
import org.jooq.Record
import org.jooq.Result
import org.jooq.Select
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component
import java.util.concurrent.ConcurrentHashMap

/**
 * Runs a select with SQL rendered once per shape. jOOQ renders a statement's text from its tree on
 * every execution: for nearby's statement ~124 us of its ~930 us of CPU per request
 * (docs/performance.md). Where the text depends on a few known facts only (how many values an IN
 * list holds, which of two conditions applies), the caller names them as the shape; the first run
 * of a shape renders and keeps the text. Every run still builds the tree (cheap) and takes the
 * bind values from it, so they bind in the order jOOQ itself would use.
 *
 * The rows are read back by column name, so the select's columns need distinct names (alias a
 * joined table's `name`). A shape that misses a difference in the text would run another shape's
 * SQL with these values. With `outlay.sql.check-shapes=true` (the tests set it) each run renders
 * again and compares, and checks the names, so such a mistake fails the suite rather than a
 * user's request.
 */
@Component
class ShapedSql(private val db: DSLContext, @Value("\${outlay.sql.check-shapes:false}") private val checkShapes: Boolean) {
    // Keys are the callers' own finite shapes (nearby: at most 130), so the map stays small.
    private val rendered = ConcurrentHashMap<Any, String>()

    fun fetch(shape: Any, query: Select<*>): Result<Record> {
        val sql = rendered.computeIfAbsent(shape) { query.sql }
        if (checkShapes) {
            check(sql == query.sql) { "shape $shape rendered two different statements:\n$sql\n${query.sql}" }
            val names = query.fields().map { it.name }
            check(names.size == names.toSet().size) { "shape $shape selects two columns of one name: $names" }
        }
        return db.resultQuery(sql, *query.bindValues.toTypedArray()).coerce(*query.fields()).fetch()
    }
}

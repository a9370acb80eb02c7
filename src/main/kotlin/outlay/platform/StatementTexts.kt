package outlay.platform

import org.jooq.DSLContext
import org.jooq.Param
import org.jooq.Record
import org.jooq.ResultQuery
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component
import java.util.concurrent.ConcurrentHashMap

/**
 * Statements run from SQL text rendered once per shape. jOOQ renders a statement's whole tree on every run, 12 % of
 * the server's CPU at the lab's knee (docs/performance.md); a statement whose text depends only on a few facts of its
 * input (which filters are set, how many values a list holds, what is inlined) is rendered the first time a shape
 * runs, and later runs of that shape bind their own values to that text.
 *
 * The caller names the shape: a key equal for two statements only if their SQL is the same (never the bound values,
 * always what is inlined). A key that misses a part of the shape would run another statement's text, so with
 * `outlay.sql.verify-texts` (on in the test suite) every run renders its statement anew and fails on any
 * difference, in the text or in the values bound.
 */
@Component
class StatementTexts(private val db: DSLContext, @Value("\${outlay.sql.verify-texts:false}") private val verify: Boolean) {
    private val texts = ConcurrentHashMap<Any, String>()

    /** [query], built but not run, as a statement of [shape]: its rows typed by [query]'s own fields. */
    fun <R : Record> of(shape: Any, query: ResultQuery<R>): ResultQuery<Record> {
        // in bind order; inlined values are in the text and take no bind
        val binds = query.params.values.filterNot(Param<*>::isInline)
        if (texts.size >= MAX_SHAPES) texts.clear() // shapes are few; a key with an inlined date makes one a day
        val text = texts.computeIfAbsent(shape) { db.render(query) }
        val cached = db.resultQuery(text, *binds.toTypedArray()).coerce(*query.fields())
        if (verify) verify(shape, query, cached, binds)
        return cached
    }

    private fun verify(shape: Any, query: ResultQuery<*>, cached: ResultQuery<*>, binds: List<Param<*>>) {
        val fresh = db.render(query)
        check(db.render(cached) == fresh) { "the shape $shape ran the text\n${db.render(cached)}\nfor\n$fresh" }
        check(binds.map { it.value } == query.bindValues) { "the shape $shape bound ${binds.map { it.value }} for ${query.bindValues}" }
    }

    private companion object {
        const val MAX_SHAPES = 1000
    }
}

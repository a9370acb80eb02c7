package outlay.platform

import org.jooq.Condition
import org.jooq.Context
import org.jooq.DSLContext
import org.jooq.DataType
import org.jooq.Field
import org.jooq.Param
import org.jooq.Record
import org.jooq.RenderContext
import org.jooq.RenderContext.CastMode
import org.jooq.RecordMapper
import org.jooq.ResultQuery
import org.jooq.SQLDialect
import org.jooq.Select
import org.jooq.impl.CustomQueryPart
import org.jooq.impl.DSL
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component
import java.util.concurrent.ConcurrentHashMap

/**
 * Statements built with jOOQ's DSL, rendered once per shape: the text of a statement depends on its shape (which
 * conditions, joins and list lengths it has) and not on its values, so a statement is built and rendered on the
 * first run of its shape only; every later run binds its values into that text in the places the first rendering
 * gave them. jOOQ renders a statement's whole tree on every run: the five statistics' range totals alone were 2.6 %
 * of the server's CPU at the lab's knee (docs/performance.md).
 *
 * A builder takes every value from its [Slots] by name (`column.eq(slots[USER, column])`), and the call hands the
 * values by the same names; the builder must not read anything else that changes between runs of one shape (the
 * [Shape] names all of that), and no value may reach the tree another way (a constant is written inline): the
 * first rendering fails on any bind value that is not a slot. Rows are read by position, typed as the built
 * statement's fields type them.
 *
 * With [verify] on (the tests), every run also builds and renders the statement from its values and fails where the
 * text it would run differs from the one the shape gave: a shape that leaves out something the builder depends on,
 * or a value missing from the call, shows in the first test that runs it.
 */
@Component
class StatementShapes(private val db: DSLContext, @Value("\${outlay.sql.verify-shapes:false}") private val verify: Boolean) {
    /** What decides a statement's text: the statement (a name of the caller's) and the choices its builder makes. */
    interface Shape

    /** The values of one run, by the names the builder asks for. */
    class Values internal constructor() {
        internal val byName = HashMap<String, Any?>(16)

        operator fun set(name: String, value: Any?) {
            byName[name] = value
        }

        // a null is a value (not `getOrElse`, which takes a null for a missing key)
        internal fun valueOf(name: String): Any? = if (byName.containsKey(name)) byName[name] else throw IllegalArgumentException("no value named $name")

        /** [values] for a [Slots.anyOf] or [Slots.oneOf] named [name]: one array, and each value on its own (where the database binds no arrays, or for [Slots.oneOf]). */
        fun list(name: String, values: Collection<*>) {
            byName[name] = values.toTypedArray()
            values.forEachIndexed { n, value -> byName["$name$n"] = value }
        }
    }

    /** Where a builder takes its values from: placeholders when the shape is rendered, the values themselves when verified. */
    class Slots internal constructor(private val values: Values?, private val arrays: Boolean, private val bareArrays: Boolean = false) {
        /** The value named [name], bound as [like] binds its values (its data type and converter). */
        operator fun <T> get(name: String, like: Field<T>): Field<T> = slot(name, like.dataType)

        /**
         * [column] is one of the [size] values named [name] ([Values.list]): on PostgreSQL `= any(?)`, one array for any
         * number of values; elsewhere jOOQ writes the array out as one placeholder per value (the shape holds [size]
         * there: [StatementShapes.sizeInShape]).
         */
        fun <T> anyOf(column: Field<T>, name: String, size: Int): Condition =
            if (arrays) column.eq(DSL.any(if (bareArrays) DSL.field("?", column.dataType.arrayDataType) else slot(name, column.dataType.arrayDataType)))
            else oneOf(column, name, size)

        /**
         * [column] is one of the [size] values named [name] ([Values.list]), each its own placeholder on every database, so
         * the shape holds [size]. For short lists whose lookup is part of a larger statement: PostgreSQL's cached plan for
         * `= any(?)` cannot know the array's length, prices the lookup as if it were long, and when that price tips its
         * choice between a cached plan and one made for each run's values, it plans the whole statement on every run.
         */
        fun <T> oneOf(column: Field<T>, name: String, size: Int): Condition = column.`in`((0 until size).map { slot("$name$it", column.dataType) })

        private fun <T> slot(name: String, type: DataType<T>): Field<T> =
            if (values == null) DSL.param(SLOT + name, type) else DSL.`val`(values.valueOf(name), type)
    }

    /** [sql] split at its placeholders: [binds] go between the parts. */
    private class Rendered(sql: String, val binds: Array<Bind>, val fields: Array<Field<*>>) {
        val text: List<String> = sql.split('?')
    }

    /**
     * A rendered text as it is, with its values bound in order. Not the text as a plain SQL template: jOOQ parses a
     * template for its placeholders on every run, and that parse was 1.2 % of the server's CPU at the lab's knee.
     */
    private class Bound(private val text: List<String>, private val values: Array<Param<*>>) : CustomQueryPart() {
        // A render collects the values it visits, and those are the ones bound: each is visited in its placeholder's
        // place without a cast of its own (the text has the casts), as a plain SQL template visits them (an array's
        // binding still writes its cast there); other contexts only visit them.
        override fun accept(ctx: Context<*>) {
            if (ctx !is RenderContext) return values.forEach { ctx.visit(it) }
            val cast = ctx.castMode()
            values.forEachIndexed { i, value -> ctx.sql(text[i]).castMode(CastMode.NEVER).visit(value).castMode(cast) }
            ctx.sql(text[values.size])
        }
    }

    /** A placeholder's value: a slot's, by name, typed as the slot was. */
    private class Bind(val slot: String, val param: Param<*>)

    private val rendered = ConcurrentHashMap<Shape, Rendered>()

    /** Whether one placeholder holds a list of values ([Slots.anyOf]). */
    private val arrays = db.dialect().family() == SQLDialect.POSTGRES

    /** What a shape holds of a [Slots.anyOf] list of [size] values: nothing where one array holds any number. */
    fun sizeInShape(size: Int): Int = if (arrays) 0 else size

    /**
     * The rows of [shape]'s statement with the values [fill] sets, each as [map] reads it: a record of the built
     * statement's own type (its fields, in order, with their types and converters).
     */
    fun <R : Record, T> fetch(shape: Shape, fill: (Values) -> Unit, build: (Slots) -> ResultQuery<R>, map: RecordMapper<in R, out T>): List<T> {
        val values = Values().also(fill)
        // bounded: a shape that holds a list's length where each length is its own text (H2) has many; past the bound
        // a statement is rendered for its run as jOOQ renders any other
        val statement = rendered[shape] ?: render(build(Slots(null, arrays)), build(Slots(null, arrays, bareArrays = true)))
            .also { if (rendered.size < MAX_SHAPES) rendered[shape] = it }
        val binds = Array<Param<*>>(statement.binds.size) { i ->
            val bind = statement.binds[i]
            DSL.`val`(values.valueOf(bind.slot), bind.param.dataType)
        }
        val query = db.resultQuery("{0}", Bound(statement.text, binds)).coerce(*statement.fields)
        if (verify) check(shape, query, build(Slots(values, arrays)))
        // coerced to the built statement's fields, its records are of the built statement's record type
        @Suppress("UNCHECKED_CAST")
        return query.fetch { map.map(it as R) }
    }

    /**
     * What [build] makes of the values [fill] sets, not rendered once per shape: for a statement that is more than one
     * on some database (the parts run one by one), with the builders the shaped one has elsewhere.
     */
    fun <T> built(fill: (Values) -> Unit, build: (Slots) -> T): T = build(Slots(Values().also(fill), arrays))

    /**
     * [query]'s text and the slot of each placeholder in it, in order; [text]: the same statement with each array slot a
     * bare `?`. A value goes into a plain SQL statement's placeholder as it is, but an array with its cast: a text
     * that kept the array's cast (`cast(? as uuid[])`) would run it twice.
     */
    private fun render(query: ResultQuery<*>, text: ResultQuery<*>): Rendered {
        val params = db.extractParams(query)
        val binds = placeholders(db.renderNamedParams(query)).map { name ->
            // a constant the builder writes is inlined into the text; a bind value that is not a slot would be the
            // first run's value on every later one
            require(name.startsWith(SLOT)) { "a value outside the slots (${params[name]?.value}) in $query" }
            Bind(name.removePrefix(SLOT), params.getValue(name))
        }
        val sql = db.render(text)
        check(sql.count { it == '?' } == binds.size) { "${binds.size} slots but the text has other placeholders: $sql" }
        // the select's own fields, not `fields()`, which are copies: a caller that reads a column by its field finds it
        // by identity rather than by name, column by column and row by row (18 % of a page's CPU when it did)
        val fields = (query as? Select<*>)?.select?.toTypedArray() ?: query.fields()
        return Rendered(sql, binds.toTypedArray(), fields)
    }

    private fun check(shape: Shape, query: ResultQuery<*>, built: ResultQuery<*>) {
        val expected = db.render(built)
        val actual = db.render(query)
        check(expected == actual) { "shape $shape renders\n$actual\nbut its values build\n$expected" }
        fun List<Any?>.comparable() = map { if (it is Array<*>) it.toList() else it } // arrays by their elements
        check(built.bindValues.comparable() == query.bindValues.comparable()) { "shape $shape binds ${query.bindValues} but its values build ${built.bindValues}" }
    }

    internal companion object {
        private const val SLOT = "slot_"
        private const val MAX_SHAPES = 4_096

        /** The parameter names of a statement rendered with named parameters (`:name`), in order, outside quotes. */
        fun placeholders(sql: String): List<String> {
            val names = mutableListOf<String>()
            var i = 0
            while (i < sql.length) {
                when (val c = sql[i]) {
                    '\'', '"' -> {
                        i++
                        while (i < sql.length && (sql[i] != c || (i + 1 < sql.length && sql[i + 1] == c).also { if (it) i++ })) i++
                    }
                    // `::type` is PostgreSQL's cast, not a parameter
                    ':' -> if (i + 1 < sql.length && sql[i + 1] == ':') i++ else {
                        val start = i + 1
                        var end = start
                        while (end < sql.length && (sql[end].isLetterOrDigit() || sql[end] == '_')) end++
                        if (end > start) names += sql.substring(start, end)
                        i = end - 1
                    }
                }
                i++
            }
            return names
        }
    }
}

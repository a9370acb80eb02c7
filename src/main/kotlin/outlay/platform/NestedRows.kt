package outlay.platform

import org.jooq.Converter
import org.jooq.Field
import org.jooq.Record
import org.jooq.Table
import org.jooq.impl.SQLDataType
import org.jooq.tools.Convert
import java.time.OffsetDateTime
import java.time.format.DateTimeParseException

/**
 * A table's whole rows as a nested collection (`multiset`) of another statement, read back as the
 * table's own records.
 *
 * A nested collection travels as JSON text, and jOOQ turns a timestamp's text into an
 * `OffsetDateTime` by trying `Timestamp.valueOf` first, which refuses the ISO form PostgreSQL
 * writes by throwing: one exception, stack trace and all, per timestamp read (2 % of the server's
 * CPU in the lab's flow, docs/performance.md). So the timestamps are selected as text and parsed
 * as ISO 8601 here, with jOOQ's own conversion for any other form (H2's).
 */
object NestedRows {
    private val ISO_TIMESTAMP = SQLDataType.VARCHAR.asConvertedDataType(
        Converter.ofNullable(String::class.java, OffsetDateTime::class.java, ::parse, OffsetDateTime::toString),
    )

    /** [table]'s columns, in its order, for the select of a `multiset`; read each of its rows back with [into]. */
    fun columns(table: Table<*>): List<Field<*>> = table.fields().map { it.nestable() }

    /** One row of a `multiset` of [columns], as the table's record ([empty] makes one): by position, values as read. */
    fun <R : Record> into(row: Record, empty: () -> R): R = empty().apply { fromArray(*row.intoArray()) }

    @Suppress("UNCHECKED_CAST")
    private fun Field<*>.nestable(): Field<*> =
        if (type == OffsetDateTime::class.java) (this as Field<OffsetDateTime?>).coerce(ISO_TIMESTAMP) else this

    private fun parse(text: String): OffsetDateTime =
        try {
            OffsetDateTime.parse(text)
        } catch (_: DateTimeParseException) {
            Convert.convert(text, OffsetDateTime::class.java)
        }
}

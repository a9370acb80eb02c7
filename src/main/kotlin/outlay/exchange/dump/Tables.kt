package outlay.exchange.dump

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.Table
import org.jooq.impl.DSL
import tools.jackson.databind.JsonNode
import tools.jackson.databind.node.JsonNodeFactory
import tools.jackson.databind.node.ObjectNode
import java.math.BigDecimal
import java.time.LocalDate
import java.time.LocalTime
import java.time.OffsetDateTime
import java.util.Base64
import java.util.UUID

/**
 * The schema as the database reports it (not the generated classes), in foreign-key order, and
 * rows as JSON objects of column name to value. Copying by the schema itself means a dump or a
 * move carries every column of every table, including ones added after this code was written.
 */
class Tables(private val db: DSLContext) {

    /** Every table Flyway made, parents before children (a table referring to itself is handled by [orderRows]). */
    val ordered: List<Table<*>> by lazy {
        val schema = db.fetchValue("select current_schema()") as String
        val all = db.meta().tables.filter { it.schema?.name.equals(schema, ignoreCase = true) && !it.name.equals("flyway_schema_history", ignoreCase = true) }
        val byName = all.associateBy { it.name.lowercase() }
        val out = LinkedHashMap<String, Table<*>>()
        fun visit(table: Table<*>, path: Set<String>) {
            val name = table.name.lowercase()
            if (name in out || name in path) return
            table.references.map { it.key.table.name.lowercase() }.filter { it != name }.forEach { parent -> byName[parent]?.let { visit(it, path + name) } }
            out[name] = table
        }
        all.sortedBy { it.name }.forEach { visit(it, emptySet()) }
        out.values.toList()
    }

    fun table(name: String): Table<*> = ordered.firstOrNull { it.name.equals(name, ignoreCase = true) } ?: error("no table $name")

    fun hasColumn(table: Table<*>, column: String) = table.fields().any { it.name.equals(column, ignoreCase = true) }

    fun field(table: Table<*>, column: String): Field<Any?> {
        @Suppress("UNCHECKED_CAST")
        return (table.fields().firstOrNull { it.name.equals(column, ignoreCase = true) } ?: error("no column ${table.name}.$column")) as Field<Any?>
    }

    /** The parent column of a table that refers to itself (category.parent_id), or null. */
    fun selfReference(table: Table<*>): Field<Any?>? =
        table.references.firstOrNull { it.key.table.name.equals(table.name, ignoreCase = true) }?.fields?.singleOrNull()
            ?.let { field(table, it.name) }

    /** Rows whose self-reference is empty or points at an earlier row come first (parents before children). */
    fun orderRows(table: Table<*>): List<org.jooq.SortField<*>> =
        selfReference(table)?.let { listOf(DSL.field(it.isNotNull).asc()) } ?: emptyList()

    fun encode(record: Record): ObjectNode {
        val node = JsonNodeFactory.instance.objectNode()
        for (field in record.fields()) {
            val name = field.name.lowercase()
            when (val value = record.get(field)) {
                null -> node.putNull(name)
                is Boolean -> node.put(name, value)
                is Short -> node.put(name, value)
                is Int -> node.put(name, value)
                is Long -> node.put(name, value)
                is Double -> node.put(name, value)
                is ByteArray -> node.put(name, Base64.getEncoder().encodeToString(value))
                is BigDecimal -> node.put(name, value.toPlainString())
                else -> node.put(name, value.toString())
            }
        }
        return node
    }

    /** [row]'s value for [field], as the column's Java type. */
    fun decode(field: Field<*>, value: JsonNode?): Any? {
        if (value == null || value.isNull) return null
        val text = value.asString()
        return when (field.type) {
            UUID::class.java -> UUID.fromString(text)
            String::class.java -> text
            java.lang.Boolean::class.java -> value.asBoolean()
            java.lang.Short::class.java -> value.asInt().toShort()
            java.lang.Integer::class.java -> value.asInt()
            java.lang.Long::class.java -> value.asLong()
            java.lang.Double::class.java -> value.asDouble()
            BigDecimal::class.java -> BigDecimal(text)
            LocalDate::class.java -> LocalDate.parse(text)
            LocalTime::class.java -> LocalTime.parse(text)
            OffsetDateTime::class.java -> OffsetDateTime.parse(text)
            ByteArray::class.java -> Base64.getDecoder().decode(text)
            else -> text
        }
    }
}

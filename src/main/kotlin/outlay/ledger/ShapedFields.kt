package outlay.ledger

import org.jooq.Field
import outlay.platform.StatementShapes
import java.util.UUID

/**
 * Fields of another part of the ledger that a statement rendered once per shape ([StatementShapes]) carries beside
 * its own (the draft's read carries the references' lookups and an idempotency key's use): what their text depends
 * on, their values, and their build from a build's slots. Each reads its value back from a row by its field's name,
 * since a shaped statement's rows hold the fields of its first build. Value names are the part's own.
 */
internal interface ShapedFields {
    /** What the fields' text depends on (beside the statement that carries them, which its own shape names). */
    val shape: Any

    fun fill(values: StatementShapes.Values)

    fun fields(user: Field<UUID?>, slots: StatementShapes.Slots): List<Field<*>>
}

package outlay.ledger

import com.fasterxml.jackson.annotation.JsonValue
import org.jooq.impl.EnumConverter

// The ledger's shared vocabulary: used by drafts, saved transactions and statistics, stored as
// their JSON names in text columns.

enum class Direction(@get:JsonValue val json: String) { EXPENSE("expense"), INCOME("income") }

enum class Mode(@get:JsonValue val json: String) { CARD("card"), TRANSFER("transfer"), CASH("cash"), OTHER("other") }

enum class DocumentKind(@get:JsonValue val json: String) {
    RECEIPT("receipt"), INVOICE("invoice"), BANK_STATEMENT("bank_statement"), OTHER("other");

    companion object {
        fun of(json: String): DocumentKind? = DocumentKindConverter().from(json)
    }
}

// Converters for the generated jOOQ fields (forced types in pom.xml): the stored text is the
// JSON name, and jOOQ looks the constant up from it.

class DirectionConverter : EnumConverter<String, Direction>(String::class.java, Direction::class.java, Direction::json)

class ModeConverter : EnumConverter<String, Mode>(String::class.java, Mode::class.java, Mode::json)

class DocumentKindConverter : EnumConverter<String, DocumentKind>(String::class.java, DocumentKind::class.java, DocumentKind::json)

/** Text search over ledger columns, the same for lists and statistics. */
object Text {
    /** A LIKE pattern (escape character `\`) matching [text] anywhere, compared lower-case; wildcards in it are literal. */
    fun containsPattern(text: String): String =
        "%" + text.trim().lowercase().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
}

package outlay.ledger

import com.fasterxml.jackson.annotation.JsonValue

// The ledger's shared vocabulary: used by drafts, saved transactions and statistics, stored as
// their JSON names in text columns.

enum class Direction(@get:JsonValue val json: String) { EXPENSE("expense"), INCOME("income") }

enum class Mode(@get:JsonValue val json: String) { CARD("card"), TRANSFER("transfer"), CASH("cash"), OTHER("other") }

enum class DocumentKind(@get:JsonValue val json: String) {
    RECEIPT("receipt"), INVOICE("invoice"), BANK_STATEMENT("bank_statement"), OTHER("other");

    companion object {
        fun of(json: String): DocumentKind? = entries.firstOrNull { it.json == json }
    }
}

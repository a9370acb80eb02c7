package outlay.exchange.parse

/**
 * Which column holds what, by column name (the header's text, or "Column 3" in a file without
 * a header). Either [amount] (signed) or [debit]/[credit] (money out / money in) must be set.
 */
data class ColumnMapping(
    val date: String?,
    val amount: String? = null,
    val debit: String? = null,
    val credit: String? = null,
    val description: String? = null,
    val seller: String? = null,
    val category: String? = null,
    val account: String? = null,
    val currency: String? = null,
    val note: String? = null,
    /** card, transfer, cash or other (Outlay's own export writes it). */
    val mode: String? = null,
    /** Rows sharing a value here are the items of one transaction (Outlay's own export writes its transaction id). */
    val transaction: String? = null,
) {
    /** Each mapped column with the field it feeds, for naming columns in problems. */
    fun fields(): List<Pair<String, String>> = listOfNotNull(
        date?.let { "date" to it }, amount?.let { "amount" to it }, debit?.let { "debit" to it }, credit?.let { "credit" to it },
        description?.let { "description" to it }, seller?.let { "seller" to it }, category?.let { "category" to it },
        account?.let { "account" to it }, currency?.let { "currency" to it }, note?.let { "note" to it },
        mode?.let { "mode" to it }, transaction?.let { "transaction" to it },
    )

    companion object {
        // Header words of common bank exports (English, German, French, Dutch, Spanish, Italian), compared lower-case.
        private val SYNONYMS: List<Pair<String, List<String>>> = listOf(
            "date" to listOf("date", "booking date", "transaction date", "posted date", "posting date", "value date", "datum", "buchungstag", "buchungsdatum", "valuta", "wertstellung", "date opération", "date operation", "boekdatum", "fecha", "data"),
            "amount" to listOf("amount", "betrag", "montant", "bedrag", "importe", "importo", "value", "sum", "umsatz", "amount (eur)", "transaction amount"),
            "debit" to listOf("debit", "debits", "withdrawal", "withdrawals", "paid out", "money out", "out", "soll", "ausgabe", "débit", "af", "cargo", "uscite"),
            "credit" to listOf("credit", "credits", "deposit", "deposits", "paid in", "money in", "in", "haben", "einnahme", "crédit", "bij", "abono", "entrate"),
            "description" to listOf("description", "details", "transaction details", "purpose", "reference", "verwendungszweck", "buchungstext", "libellé", "libelle", "omschrijving", "concepto", "descrizione", "text", "narrative", "memo"),
            "seller" to listOf("payee", "seller", "merchant", "name", "counterparty", "beneficiary", "recipient", "empfänger", "auftraggeber", "begünstigter", "zahlungsempfänger", "auftraggeber/empfänger", "bénéficiaire", "naam", "tegenrekening naam", "beneficiario"),
            "category" to listOf("category", "kategorie", "catégorie", "categorie", "categoría", "categoria"),
            "account" to listOf("account", "account name", "konto", "compte", "rekening", "cuenta", "conto"),
            "currency" to listOf("currency", "ccy", "währung", "devise", "valuta code", "munt", "moneda", "valuta iso"),
            "note" to listOf("note", "notes", "comment", "comments", "notiz", "remarque", "opmerking", "nota"),
            "mode" to listOf("mode", "payment mode", "payment method"),
            "transaction" to listOf("transaction", "transaction id"),
        )

        /** The mapping a file's header suggests: each field takes the first unclaimed column whose name it knows. */
        fun guess(header: List<String>): ColumnMapping {
            val claimed = HashSet<String>()
            val found = HashMap<String, String>()
            for ((field, words) in SYNONYMS) {
                val column = header.firstOrNull { it !in claimed && it.trim().lowercase() in words }
                    ?: header.firstOrNull { h -> h !in claimed && words.any { w -> w.length > 3 && h.lowercase().contains(w) } }
                if (column != null) { found[field] = column; claimed += column }
            }
            val debitCredit = found["amount"] == null && found["debit"] != null && found["credit"] != null
            return ColumnMapping(
                date = found["date"], amount = found["amount"],
                debit = found["debit"].takeIf { debitCredit }, credit = found["credit"].takeIf { debitCredit },
                description = found["description"], seller = found["seller"], category = found["category"],
                account = found["account"], currency = found["currency"], note = found["note"],
                mode = found["mode"], transaction = found["transaction"],
            )
        }
    }
}

/** How to read a CSV file: its text layout and how its values are written, plus the column mapping. */
data class CsvSettings(
    val delimiter: Char,
    val hasHeader: Boolean,
    val dateFormat: String,
    val decimalSeparator: Char,
    val columns: ColumnMapping,
)

package outlay.exchange

import outlay.categories.CategoryView
import outlay.exchange.parse.StatementProblem
import outlay.exchange.parse.StatementRow
import outlay.ledger.Mode
import outlay.platform.Money
import outlay.platform.takeCodePoints
import java.security.MessageDigest
import java.time.LocalDate
import java.util.HexFormat
import java.util.UUID

data class PlannedItem(val amountMinor: Long, val categoryId: UUID, val description: String?, val reduction: Boolean)

/** A file's row as Outlay will record it: an expense or income in the account's currency, minor units. */
data class PlannedTransaction(
    val line: Long,
    val date: LocalDate,
    val income: Boolean,
    /** As the file says, or other when it does not. */
    val mode: Mode,
    val sellerName: String?,
    val note: String?,
    val items: List<PlannedItem>,
    /** What marks the row as imported (OFX FITID, else a fingerprint), unique per account. */
    val key: String,
    /** Whether no category of the file matched one of the user's, so the fallback category was used. */
    val uncategorised: Boolean,
)

sealed interface Planned {
    data class Record(val transaction: PlannedTransaction) : Planned
    data class Problem(val problem: StatementProblem) : Planned
    /** A row that records nothing (a zero amount), with why. */
    data class Skip(val line: Long, val reason: String) : Planned
}

/**
 * Turns parsed rows into transactions for one account: the sign decides expense or income, a
 * QIF split becomes an item (a split against the total's sign is a reduction), categories match
 * by name, case-insensitively, the user's own before the built-in ones, and otherwise fall back
 * to the built-in "Miscellaneous". Also computes each row's duplicate key.
 */
class ImportPlanner(private val currency: String, categories: List<CategoryView>) {
    private val byName: Map<String, CategoryView> = categories.filter { !it.archived }
        .sortedBy { it.builtIn } // the user's own first, so theirs wins a tie with a built-in name
        .groupBy { it.name.trim().lowercase() }.mapValues { it.value.first() }
    private val byId = categories.associateBy { it.id }
    val fallback: CategoryView = categories.first { it.key == "miscellaneous" }
    private val occurrences = HashMap<String, Int>()
    private val sha = MessageDigest.getInstance("SHA-256")

    fun plan(row: StatementRow): Planned {
        fun problem(field: String, value: String?, message: String) = Planned.Problem(StatementProblem(row.line, null, field, value, message))
        if (row.currency != null && row.currency != currency) {
            return problem("currency", row.currency, "The account is in $currency; a row in another currency cannot go into it.")
        }
        val mode = if (row.mode == null) Mode.OTHER else Mode.entries.firstOrNull { it.json == row.mode }
            ?: return problem("mode", row.mode, "Not one of ${Mode.entries.joinToString { it.json }}.")
        if (row.amount.signum() == 0) return Planned.Skip(row.line, "zero amount")
        val income = row.amount.signum() > 0
        var uncategorised = false
        val parts = row.splits.ifEmpty { listOf(null) }
        if (parts.size > MAX_ITEMS) return problem("splits", parts.size.toString(), "A transaction holds at most $MAX_ITEMS items.")
        val items = parts.map { split ->
            val amount = split?.amount ?: row.amount
            val minor = Money.toMinor(amount.abs(), currency)
                ?: return problem("amount", amount.toPlainString(), "More decimals than $currency has (${Money.digits(currency)}).")
            val category = match(split?.category ?: row.category) ?: fallback.also { uncategorised = true }
            PlannedItem(minor, category.id, clip(split?.memo ?: row.description, 200), amount.signum() * row.amount.signum() < 0)
        }
        return Planned.Record(
            PlannedTransaction(
                row.line, row.date, income, mode, clip(row.payee, 200), clip(row.note, 500), items, key(row), uncategorised,
            ),
        )
    }

    /** "Food:Snacks" tries the whole name, then "Snacks" under "Food", then "Snacks", then "Food". */
    fun match(name: String?): CategoryView? {
        val text = name?.trim()?.lowercase()?.ifEmpty { null } ?: return null
        byName[text]?.let { return it }
        val segments = text.split(':').map { it.trim() }.filter { it.isNotEmpty() }
        if (segments.size < 2) return null
        val leaf = byName[segments.last()]
        if (leaf != null && leaf.parentId?.let { byId[it] }?.name?.lowercase() == segments.first()) return leaf
        return leaf ?: byName[segments.first()]
    }

    /**
     * The bank's own id when it gives one; else a fingerprint of date, amount and description, with
     * the how-many-th time it occurs in this file, so two equal coffees on one day stay two rows
     * while the same statement imported again matches each of them.
     */
    private fun key(row: StatementRow): String {
        row.externalId?.let { return "id:" + it.take(200) }
        val text = listOf(row.date.toString(), row.amount.stripTrailingZeros().toPlainString(), normalise(row.description ?: row.payee))
            .joinToString("\u0000")
        val digest = HexFormat.of().formatHex(sha.digest(text.toByteArray()))
        val n = occurrences.merge(digest, 1, Int::plus)
        return "fp:$digest:$n"
    }

    private fun normalise(text: String?) = text?.trim()?.lowercase()?.replace(Regex("\\s+"), " ") ?: ""

    /** At most [max] code points, as the API's limits count them (never half of an emoji's surrogate pair). */
    private fun clip(text: String?, max: Int): String? = text?.trim()?.ifEmpty { null }?.let {
        if (it.codePointCount(0, it.length) <= max) it else it.takeCodePoints(max - 1) + "…"
    }

    companion object {
        const val MAX_ITEMS = 20
    }
}

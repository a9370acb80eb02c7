package outlay.exchange.parse

import java.math.BigDecimal
import java.time.LocalDate

enum class StatementFormat { CSV, OFX, QIF }

/**
 * One transaction as a bank file states it. [amount] is signed the way banks write it: negative
 * is money out (an expense), positive money in. [line] is where the row starts in the file.
 */
data class StatementRow(
    val line: Long,
    val date: LocalDate,
    val amount: BigDecimal,
    val description: String? = null,
    val payee: String? = null,
    val category: String? = null,
    val currency: String? = null,
    val note: String? = null,
    /** The bank's own id for the transaction (OFX `FITID`, a CSV transaction column), the strongest duplicate key. */
    val externalId: String? = null,
    /** The account column of a CSV file, for files that hold several accounts. */
    val account: String? = null,
    /** How it was paid (card, transfer, cash, other), when the file says. */
    val mode: String? = null,
    /** QIF splits (and grouped CSV rows): the parts of the amount, each with its own category (signed like [amount]). */
    val splits: List<StatementSplit> = emptyList(),
)

data class StatementSplit(val amount: BigDecimal, val category: String?, val memo: String?)

/**
 * Something wrong in the file, named by where it is and what was found there: the line, the
 * column (a CSV field's 1-based position, a character position in OFX and QIF), the field
 * (a CSV column's name, an OFX tag, a QIF line code) and the value.
 */
data class StatementProblem(val line: Long, val column: Int?, val field: String?, val value: String?, val message: String) {
    override fun toString() = "line $line" + (column?.let { ", column $it" } ?: "") + (field?.let { " ($it)" } ?: "") +
        (value?.let { ", value \"$it\"" } ?: "") + ": $message"
}

/** What a parser yields, in file order: a row, or a problem in place of a row. */
sealed interface Parsed {
    data class Row(val row: StatementRow) : Parsed
    data class Problem(val problem: StatementProblem) : Parsed
}

/** Raised when a file cannot be read at all (not just one bad row); carries where it stopped. */
class StatementException(val problems: List<StatementProblem>) :
    RuntimeException(problems.joinToString("; "), null, false, false) {
    constructor(problem: StatementProblem) : this(listOf(problem))
}

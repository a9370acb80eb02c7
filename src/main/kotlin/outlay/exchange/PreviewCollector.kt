package outlay.exchange

import outlay.exchange.parse.StatementProblem
import outlay.platform.Money

/** Gathers what a preview shows while the whole file streams past: the first rows, counts, problems and duplicates. */
class PreviewCollector(private val currency: String, private val categoryNames: Map<java.util.UUID, String>) {
    var rowCount = 0; private set
    var toRecord = 0; private set
    var duplicates = 0; private set
    var skipped = 0; private set
    var uncategorised = 0; private set
    var problemCount = 0; private set
    val rows = ArrayList<PreviewRow>()
    val problems = ArrayList<ProblemView>()
    val duplicateLines = ArrayList<Long>()
    val sellerNames = HashSet<String>()

    fun problem(problem: StatementProblem) {
        rowCount++
        problemCount++
        if (problems.size < LIMIT) problems += problem.toView()
    }

    fun skip() {
        rowCount++
        skipped++
    }

    fun record(t: PlannedTransaction, duplicate: Boolean) {
        rowCount++
        if (duplicate) {
            duplicates++
            if (duplicateLines.size < LIMIT) duplicateLines += t.line
        } else {
            toRecord++
            if (t.uncategorised) uncategorised++
            t.sellerName?.let { if (sellerNames.size < SELLER_LIMIT) sellerNames += it.lowercase() }
        }
        if (rows.size < FIRST_ROWS) rows += view(t, duplicate)
    }

    private fun view(t: PlannedTransaction, duplicate: Boolean) = PreviewRow(
        line = t.line, date = t.date, direction = if (t.income) "income" else "expense",
        total = Money.format(t.items.sumOf { if (it.reduction) -it.amountMinor else it.amountMinor }, currency), currency = currency,
        seller = t.sellerName, newSeller = false, note = t.note,
        items = t.items.map { PreviewItem(Money.format(it.amountMinor, currency), categoryNames[it.categoryId] ?: "", it.description, it.reduction) },
        uncategorised = t.uncategorised, duplicate = duplicate,
    )

    companion object {
        const val FIRST_ROWS = 20
        const val LIMIT = 1000
        /** Beyond this many distinct payees the preview stops counting new sellers exactly. */
        const val SELLER_LIMIT = 100_000
    }
}

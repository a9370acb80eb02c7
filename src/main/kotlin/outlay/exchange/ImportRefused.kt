package outlay.exchange

import org.springframework.http.HttpStatus
import outlay.exchange.parse.StatementException
import outlay.platform.ApiException
import outlay.platform.ProblemType

/** A file that cannot be imported as it is: every problem found, each with its line, column and value. */
class ImportRefused(problems: List<ProblemView>) : ApiException(
    HttpStatus.BAD_REQUEST, ProblemType.IMPORT_INVALID,
    "The file cannot be imported: " + problems.take(3).joinToString("; ") { it.describe() } +
        (if (problems.size > 3) " (and ${problems.size - 3} more)" else "") + ". Nothing was recorded.",
    properties = mapOf("problems" to problems),
) {
    companion object {
        fun of(e: StatementException) = ImportRefused(e.problems.map { it.toView() })

        private fun ProblemView.describe() = "line $line" + (column?.let { ", column $it" } ?: "") + (field?.let { " ($it)" } ?: "") +
            (value?.let { ", value \"$it\"" } ?: "") + ": $message"
    }
}

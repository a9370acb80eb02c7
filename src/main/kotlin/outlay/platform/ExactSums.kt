package outlay.platform

import org.springframework.http.HttpStatus
import java.math.BigDecimal

/**
 * Sums of minor units that fail clearly rather than wrap. Can a sum leave a Long (9.2 * 10^18)?
 * One amount cannot: its input has at most 13 integer digits and its currency's decimals (at most
 * 4, CLF), so below 10^17 minor units; nor can a transaction's total, its at most 20 items staying
 * below 2 * 10^18. But nothing bounds how many transactions a sum spans: five such transactions in
 * CLF, or 461 in EUR, pass it. So every sum over rows is exact: SQL's SUM of a bigint is a numeric
 * (never wraps), read back by [exactMinor]; sums in Kotlin add with [Math.addExact]; a monthly
 * total the database itself cannot hold fails its write (SQLSTATE 22003, [ProblemHandler]). Beyond
 * a Long is a [TotalTooLargeException], whatever reads or writes it. Counts of rows need no guard.
 */
object ExactSums {
    /** The largest sum of minor units (Long.MAX_VALUE), as the problem's detail states it. */
    const val LIMIT = "9223372036854775807"
}

/** An SQL sum (null: no rows) as minor units, or a [TotalTooLargeException]; never truncated. */
fun exactMinor(sum: BigDecimal?): Long =
    try {
        sum?.longValueExact() ?: 0
    } catch (e: ArithmeticException) {
        throw TotalTooLargeException()
    }

/** [a] + [b], or a [TotalTooLargeException]. */
fun plusExact(a: Long, b: Long): Long =
    try {
        Math.addExact(a, b)
    } catch (e: ArithmeticException) {
        throw TotalTooLargeException()
    }

/** [a] - [b], or a [TotalTooLargeException]. */
fun minusExact(a: Long, b: Long): Long =
    try {
        Math.subtractExact(a, b)
    } catch (e: ArithmeticException) {
        throw TotalTooLargeException()
    }

/** The sum of [selector] over the rows, or a [TotalTooLargeException] where a plain sumOf would wrap. */
inline fun <T> Iterable<T>.sumOfMinor(selector: (T) -> Long): Long = fold(0L) { sum, row -> plusExact(sum, selector(row)) }

class TotalTooLargeException : ApiException(
    HttpStatus.UNPROCESSABLE_ENTITY, ProblemType.TOTAL_TOO_LARGE,
    "A total would pass ${ExactSums.LIMIT} minor units, the most Outlay sums exactly: nothing was changed. Narrow the dates or filters to read smaller totals.",
)

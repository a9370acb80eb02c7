package outlay.ledger

import org.springframework.http.HttpStatus
import outlay.platform.ApiException
import outlay.platform.ProblemType
import java.security.MessageDigest
import java.util.HexFormat
import java.util.UUID

/**
 * What an Idempotency-Key is checked against. A key is remembered with the transaction it made,
 * for as long as that transaction exists; with it the SHA-256 of the request's canonical form:
 * its kind and its parsed fields (the request classes are data classes, whose string form lists
 * every field in declaration order), so JSON whitespace, field order and omitted defaults do
 * not make a retry look like another request.
 */
object Idempotency {
    fun hash(kind: String, request: Any?): String =
        HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest("$kind:$request".toByteArray()))

    fun reused(transactionId: UUID) = ApiException(
        HttpStatus.UNPROCESSABLE_CONTENT, ProblemType.IDEMPOTENCY_KEY_REUSED,
        "This Idempotency-Key was used for another request, which made transaction $transactionId; use a new key for a new request.",
    )

    /** A create met an earlier one's id or key, and that transaction was deleted before it could be read: nothing was written. */
    fun vanished() = ApiException(
        HttpStatus.CONFLICT, ProblemType.CONFLICT,
        "A transaction with this id or Idempotency-Key was being recorded and deleted by other requests at the same time; nothing was written.",
    )
}

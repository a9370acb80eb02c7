package outlay.platform

import org.springframework.http.HttpStatus
import java.net.URI
import java.time.Duration

/**
 * Stable problem types (RFC 9457). Clients switch on [uri], never on the human `detail`;
 * docs/problems.md lists them.
 */
enum class ProblemType(val slug: String, val title: String) {
    VALIDATION("validation", "Request validation failed"),
    MALFORMED_BODY("malformed-body", "Malformed request body"),
    UNSUPPORTED_MEDIA_TYPE("unsupported-media-type", "Unsupported media type"),
    NOT_ACCEPTABLE("not-acceptable", "Not acceptable"),
    PAYLOAD_TOO_LARGE("payload-too-large", "Payload too large"),
    NOT_FOUND("not-found", "Not found"),
    METHOD_NOT_ALLOWED("method-not-allowed", "Method not allowed"),
    CONFLICT("conflict", "Conflict"),
    EMAIL_TAKEN("email-taken", "Email already registered"),
    CATEGORY_IN_USE("category-in-use", "Category in use"),
    BUILT_IN_CATEGORY("built-in-category", "Built-in category"),
    LIMIT_EXCEEDED("limit-exceeded", "Limit exceeded"),
    UNSUPPORTED_FILE_TYPE("unsupported-file-type", "Unsupported file type"),
    IMPORT_INVALID("import-invalid", "The file cannot be imported"),
    NO_DRAFT("no-draft", "No draft"),
    NO_HOME_CURRENCY("no-home-currency", "No home currency"),
    TOTAL_TOO_LARGE("total-too-large", "Total too large"),
    IDEMPOTENCY_KEY_REUSED("idempotency-key-reused", "Idempotency-Key used for another request"),
    AUTHENTICATION_REQUIRED("authentication-required", "Authentication required"),
    INVALID_TOKEN("invalid-token", "Invalid or expired access token"),
    INVALID_CREDENTIALS("invalid-credentials", "Invalid email or password"),
    INVALID_REFRESH_TOKEN("invalid-refresh-token", "Invalid or expired refresh token"),
    REFRESH_TOKEN_REUSED("refresh-token-reused", "Refresh token reused"),
    FORBIDDEN("forbidden", "Forbidden"),
    RATE_LIMITED("rate-limited", "Too many requests"),
    OVERLOADED("overloaded", "Server busy"),
    DATABASE_UNAVAILABLE("database-unavailable", "Database unavailable"),
    STORAGE_FULL("storage-full", "Insufficient storage"),
    BAD_REQUEST("bad-request", "Bad request"),
    INTERNAL("internal", "Internal server error");

    val uri: URI = URI.create("/problems/$slug")

    companion object {
        /** The generic type for a status that carries no more specific one (Spring's and Tomcat's own errors). */
        fun forStatus(status: Int): ProblemType = when (status) {
            400 -> BAD_REQUEST
            401 -> AUTHENTICATION_REQUIRED
            403 -> FORBIDDEN
            404 -> NOT_FOUND
            405 -> METHOD_NOT_ALLOWED
            406 -> NOT_ACCEPTABLE
            409 -> CONFLICT
            413 -> PAYLOAD_TOO_LARGE
            415 -> UNSUPPORTED_MEDIA_TYPE
            503 -> OVERLOADED
            else -> if (status >= 500) INTERNAL else BAD_REQUEST
        }
    }
}

data class FieldError(val field: String, val message: String)

/** A failure the API reports as a problem document; thrown by services, rendered by [ProblemHandler]. */
open class ApiException(
    val status: HttpStatus,
    val type: ProblemType,
    val detail: String,
    val retryAfter: Duration? = null,
    val fieldErrors: List<FieldError> = emptyList(),
    /** Further members of the problem document, e.g. an import's `problems` with lines and columns. */
    val properties: Map<String, Any> = emptyMap(),
) : RuntimeException(detail, null, false, false)

class NotFoundException(detail: String) : ApiException(HttpStatus.NOT_FOUND, ProblemType.NOT_FOUND, detail)

class ValidationException(detail: String, fieldErrors: List<FieldError>) :
    ApiException(HttpStatus.BAD_REQUEST, ProblemType.VALIDATION, detail, fieldErrors = fieldErrors) {
    constructor(field: String, message: String) : this("$field: $message", listOf(FieldError(field, message)))
}

class PayloadTooLargeException(limitBytes: Long) :
    ApiException(HttpStatus.CONTENT_TOO_LARGE, ProblemType.PAYLOAD_TOO_LARGE, "The request body exceeds the limit of $limitBytes bytes.")

package outlay.platform

import org.springframework.http.converter.HttpMessageNotReadableException
import tools.jackson.core.JacksonException
import tools.jackson.core.exc.StreamReadException
import tools.jackson.databind.exc.InvalidNullException
import tools.jackson.databind.exc.MismatchedInputException
import tools.jackson.databind.exc.UnrecognizedPropertyException

/**
 * Turns a Jackson binding failure into a field-level error without echoing parser internals
 * (Kotlin/Java type names, source excerpts) back to the client.
 */
internal object JsonErrors {
    fun fieldError(ex: HttpMessageNotReadableException): FieldError? {
        val cause = generateSequence(ex.cause) { it.cause }.firstOrNull { it is JacksonException } as? JacksonException
            ?: return null
        if (cause is StreamReadException) return null // not JSON at all
        val path = cause.path.joinToString("") { ref ->
            if (ref.index >= 0) "[${ref.index}]" else (if (ref === cause.path.first()) "" else ".") + ref.propertyName
        }
        val missingName = (cause as? InvalidNullException)?.propertyName?.simpleName
        val field = when {
            missingName != null && !path.endsWith(missingName) -> if (path.isEmpty()) missingName else "$path.$missingName"
            path.isNotEmpty() -> path
            else -> return null
        }
        val message = when {
            cause is InputDomainException -> cause.originalMessage
            cause is UnrecognizedPropertyException -> "is not a known field"
            cause is InvalidNullException -> "is required"
            cause is MismatchedInputException && cause.message?.contains("missing", ignoreCase = true) == true -> "is required"
            else -> "has the wrong type or format"
        }
        return FieldError(field, message)
    }
}

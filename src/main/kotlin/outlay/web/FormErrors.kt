package outlay.web

import org.springframework.http.HttpStatus
import org.springframework.validation.BindingResult
import outlay.platform.ApiException
import outlay.platform.ProblemHandler

/**
 * Why a form was refused: a message per field (shown beside it) and one for the form as a whole.
 * Built from bean validation of the service's request type or from the service's own refusal,
 * so the page says exactly what the JSON API would.
 */
class FormErrors(private val fields: Map<String, String> = emptyMap(), val general: String? = null) {
    operator fun get(field: String): String? = fields[field]

    val isEmpty: Boolean get() = fields.isEmpty() && general == null

    companion object {
        val NONE = FormErrors()

        fun of(binding: BindingResult): FormErrors {
            val fields = binding.fieldErrors.associate { it.field to sentence(if (it.isBindingFailure) bindingFailure(it.rejectedValue) else it.defaultMessage) }
            return FormErrors(fields, general = if (fields.isEmpty()) "Some of the values could not be read; please check the form." else null)
        }

        /**
         * A service's refusal: its field errors beside their fields; a refusal without one (a conflict)
         * beside [field] when the page knows which field it concerns, else above the form.
         */
        fun of(e: ApiException, field: String? = null): FormErrors = when {
            e.fieldErrors.isNotEmpty() -> FormErrors(e.fieldErrors.associate { it.field to sentence(it.message) })
            field != null && e.status.is4xxClientError -> FormErrors(mapOf(field to e.detail))
            else -> FormErrors(general = generalMessage(e))
        }

        fun generalMessage(e: ApiException): String = when (e.status) {
            HttpStatus.TOO_MANY_REQUESTS -> "Too many attempts. Please wait " +
                (e.retryAfter?.let { "${ProblemHandler.retryAfterSeconds(it)} seconds" } ?: "a moment") + " and try again."
            HttpStatus.SERVICE_UNAVAILABLE -> "The server is busy right now. Please try again in a moment."
            else -> e.detail
        }

        /** A value that could not be converted at all: absent (a required field left empty) or of the wrong kind. */
        private fun bindingFailure(value: Any?) = if (value == null || value == "") "must not be blank" else "has an invalid value"

        private fun sentence(message: String?): String = (message ?: "is invalid").trimEnd('.').replaceFirstChar { it.uppercase() } + "."
    }
}

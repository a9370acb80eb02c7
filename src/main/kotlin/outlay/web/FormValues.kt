package outlay.web

import jakarta.servlet.http.HttpServletRequest

/**
 * The values a form shows: what was just submitted (when it is shown again with its errors, even
 * values that could not be bound) or what is stored (when editing). Text, keyed by field name.
 */
class FormValues(private val values: Map<String, String?>) {
    operator fun get(name: String): String? = values[name]

    fun checked(name: String): Boolean = values[name] == "true"

    companion object {
        val EMPTY = FormValues(emptyMap())

        fun of(request: HttpServletRequest) = FormValues(request.parameterMap.mapValues { it.value.firstOrNull()?.trim() })

        fun of(vararg values: Pair<String, Any?>) = FormValues(values.associate { (name, value) -> name to value?.toString() })
    }
}

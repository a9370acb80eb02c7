package outlay.web

import jakarta.servlet.http.HttpServletRequest
import outlay.platform.InputDomainViolation
import outlay.platform.InputDomains
import java.net.URLEncoder
import java.nio.charset.StandardCharsets
import java.time.LocalDate
import java.util.UUID

/**
 * The query string of a filter page (a list, statistics), read leniently: a value that cannot be
 * read is dropped and named in [errors] (shown above the results), so a hand-edited or outdated
 * bookmark still opens the page. Blank values count as absent, as an empty form field sends them
 * (dates excepted: see [date]).
 */
class QueryParams(private val values: Map<String, List<String>>) {
    private val problems = linkedMapOf<String, String>()

    /** Why values were dropped, by parameter name. */
    val errors: Map<String, String> get() = problems

    fun text(name: String): String? = values[name]?.firstOrNull()?.trim()?.ifEmpty { null }

    fun texts(name: String): List<String> = values[name].orEmpty().map { it.trim() }.filter { it.isNotEmpty() }.distinct()

    /**
     * A date by the API's one rule ([InputDomains.parseDate]), read from the value as sent: empty is
     * none, as an empty form field sends it, but blank or padded text, or a date outside the date
     * domain, is dropped and named in [errors] (a year 0001 would otherwise ask for 800 years of days).
     */
    fun date(name: String): LocalDate? {
        val raw = values[name]?.firstOrNull()?.ifEmpty { null } ?: return null
        return try {
            InputDomains.parseDate(raw)
        } catch (e: InputDomainViolation) {
            problems[name] = "\u201c$raw\u201d ${e.message} and was ignored"
            null
        }
    }

    fun uuid(name: String): UUID? = text(name)?.let { parse(name, it, "an id") { v -> UUID.fromString(v) } }

    fun uuids(name: String): List<UUID> = texts(name).mapNotNull { parse(name, it, "an id") { v -> UUID.fromString(v) } }.distinct()

    fun ints(name: String, range: IntRange): List<Int> = texts(name).mapNotNull {
        parse(name, it, "a number from ${range.first} to ${range.last}") { v -> v.toInt().takeIf { n -> n in range } }
    }.distinct()

    /** "true"/"false"; absent or anything else means "either". */
    fun flag(name: String): Boolean? = when (text(name)) { "true" -> true; "false" -> false; else -> null }

    /** One of [choices] by its name in the URL. */
    fun <T> choice(name: String, choices: Map<String, T>): T? = text(name)?.let { parse(name, it, "one of ${choices.keys.joinToString()}") { v -> choices[v] } }

    fun <T> choices(name: String, choices: Map<String, T>): List<T> =
        texts(name).mapNotNull { parse(name, it, "one of ${choices.keys.joinToString()}") { v -> choices[v] } }.distinct()

    private fun <T> parse(name: String, raw: String, what: String, read: (String) -> T?): T? {
        val value = runCatching { read(raw) }.getOrNull()
        if (value == null) problems[name] = "\u201c$raw\u201d is not $what and was ignored"
        return value
    }

    companion object {
        fun of(request: HttpServletRequest) = QueryParams(request.parameterMap.mapValues { it.value.toList() })

        /** A query string ("?a=1&b=2", or "" when nothing is set) from names and values; null and blank values are left out. */
        fun build(vararg params: Pair<String, Any?>): String {
            val parts = params.flatMap { (name, value) ->
                val list = if (value is Collection<*>) value.toList() else listOf(value)
                list.mapNotNull { v -> v?.toString()?.ifBlank { null }?.let { "${encode(name)}=${encode(it)}" } }
            }
            return if (parts.isEmpty()) "" else parts.joinToString("&", prefix = "?")
        }

        private fun encode(text: String) = URLEncoder.encode(text, StandardCharsets.UTF_8)
    }
}

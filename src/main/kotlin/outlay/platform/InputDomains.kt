package outlay.platform

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.convert.converter.Converter
import org.springframework.format.Formatter
import org.springframework.format.FormatterRegistry
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer
import tools.jackson.core.JsonParser
import tools.jackson.databind.DeserializationContext
import tools.jackson.databind.JacksonModule
import tools.jackson.databind.cfg.CoercionAction
import tools.jackson.databind.cfg.CoercionInputShape
import tools.jackson.databind.deser.jdk.StringDeserializer
import tools.jackson.databind.deser.std.StdScalarDeserializer
import tools.jackson.databind.exc.MismatchedInputException
import tools.jackson.databind.ext.javatime.deser.LocalDateDeserializer
import tools.jackson.databind.module.SimpleModule
import tools.jackson.databind.type.LogicalType
import java.time.LocalDate
import java.time.format.DateTimeParseException
import java.util.Locale

/**
 * The domains every input shares, enforced once for all of them (docs/reliability.md, "Input
 * domains"): JSON strings and query parameters carry no control characters (tab, line feed and
 * carriage return excepted: notes have lines), dates lie within [MIN_DATE]..[MAX_DATE]. A value
 * outside its domain is a 400 naming the field, never a database error or a 490 MB timeline.
 */
object InputDomains {
    val MIN_DATE: LocalDate = LocalDate.of(1900, 1, 1)
    val MAX_DATE: LocalDate = LocalDate.of(2199, 12, 31)
    const val DATE_RANGE = "must be between 1900-01-01 and 2199-12-31"
    const val CONTROL_CHARACTERS = "must not contain control characters"

    /** The date domain as a pattern beside `format: date`, for the OpenAPI document. */
    const val DATE_PATTERN = "^(19|2[01])[0-9]{2}-[0-9]{2}-[0-9]{2}$"

    /** An `Idempotency-Key`: 1 to 200 visible ASCII characters (inner spaces allowed). */
    const val IDEMPOTENCY_KEY_PATTERN = "^[!-~]([ -~]{0,198}[!-~])?$"
    private val IDEMPOTENCY_KEY = Regex(IDEMPOTENCY_KEY_PATTERN)

    fun idempotencyKeyProblem(key: String): String? =
        if (IDEMPOTENCY_KEY.matches(key)) null else "must be 1 to 200 visible ASCII characters"

    /** One character of text: anything but the control characters [textProblem] refuses. */
    private const val TEXT_CHAR = "[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]"

    /** One character of text that is not white space (Java's `Character.isWhitespace`, which Spring's form trimming uses). */
    private const val VISIBLE_CHAR = "[^\\u0000-\\u0020\\u007F-\\u009F\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]"

    /** The same rule as [textProblem], for the OpenAPI document (JSON Schema / ECMA-262 syntax). */
    const val TEXT_PATTERN = "^$TEXT_CHAR*$"

    const val PASSWORD_MIN_LENGTH = 8
    const val PASSWORD_MAX_LENGTH = 128

    /**
     * A new password (sign-up, password change, the operator's reset), one rule for the server
     * (`@Pattern`, [passwordProblem]) and the document: 8 to 128 characters, counted as JSON Schema's
     * `minLength`/`maxLength` count them, in Unicode code points (Bean Validation's `@Size` counts
     * UTF-16 units, so 4 emoji were "8 characters" to the server and 4 to the document). A Java
     * character class, like an ECMA-262 one with the `u` flag and Python's, matches a code point
     * beyond the BMP as one character, so the length lives in the pattern's quantifier. No control
     * characters; no white space at either end, so the sign-in form's trimming never changes a
     * password and a password is never blank.
     */
    const val PASSWORD_PATTERN = "^$VISIBLE_CHAR$TEXT_CHAR{${PASSWORD_MIN_LENGTH - 2},${PASSWORD_MAX_LENGTH - 2}}$VISIBLE_CHAR$"
    const val PASSWORD = "must be 8 to 128 characters, without control characters or white space at either end"
    private val PASSWORD_REGEX = Regex(PASSWORD_PATTERN)

    /**
     * A password entered to prove who one is (sign-in, before a password change or deleting the
     * account): any text of 1 to 128 code points, so every password [PASSWORD_PATTERN] ever
     * allowed can be entered; one that is wrong is a 401 or 403, not malformed.
     */
    const val PASSWORD_ATTEMPT_PATTERN = "^$TEXT_CHAR{1,$PASSWORD_MAX_LENGTH}$"
    const val PASSWORD_ATTEMPT = "must be 1 to 128 characters without control characters"

    /** Why [password] cannot be a new password, or null when it can. */
    fun passwordProblem(password: String): String? = textProblem(password) ?: PASSWORD.takeUnless { PASSWORD_REGEX.matches(password) }

    /**
     * Text with at least one character that is not white space (Java's `Character.isWhitespace`,
     * which `trim()` and `isBlank()` use), in the text domain: for `@Pattern` on required names,
     * so the document and the server agree on what "blank" means.
     */
    const val NON_BLANK_TEXT =
        "^[\\t\\n\\r \\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]*" +
            "[^\\u0000-\\u0020\\u007F-\\u009F\\u1680\\u2000-\\u2006\\u2008-\\u200A\\u2028\\u2029\\u205F\\u3000]" +
            "[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$"
    const val BLANK = "must not be blank"

    /**
     * An email address as HTML's `<input type="email">` accepts it (the WHATWG rule): the sign-up
     * form's field, the server and the OpenAPI document apply this one pattern, so the fuzzer's
     * "valid" and the server's "valid" are the same set. A domain in another script is typed as
     * its punycode (browsers convert it).
     */
    const val EMAIL_PATTERN =
        "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"
    const val EMAIL = "must be an email address such as name@example.com"

    /** Why [text] is outside the text domain, or null when it is inside. */
    fun textProblem(text: String): String? {
        var i = 0
        while (i < text.length) {
            val c = text[i]
            when {
                c == '\t' || c == '\n' || c == '\r' -> Unit
                c < ' ' || c in '\u007F'..'\u009F' -> return CONTROL_CHARACTERS
                Character.isHighSurrogate(c) && i + 1 < text.length && Character.isLowSurrogate(text[i + 1]) -> i++
                Character.isSurrogate(c) -> return "must be valid Unicode text"
            }
            i++
        }
        return null
    }

    fun dateProblem(date: LocalDate): String? = if (date < MIN_DATE || date > MAX_DATE) DATE_RANGE else null

    const val DATE = "must be a date such as 2026-01-31"

    /**
     * A date written as text, one rule for the API's query strings and the web pages' filters and
     * forms: ISO (yyyy-MM-dd) with nothing around it (blank or padded text is no date), inside
     * [MIN_DATE]..[MAX_DATE]. Text that is not one throws [InputDomainViolation] saying why.
     */
    fun parseDate(text: String): LocalDate {
        val date = try {
            LocalDate.parse(text)
        } catch (e: DateTimeParseException) {
            throw InputDomainViolation(DATE)
        }
        dateProblem(date)?.let { throw InputDomainViolation(it) }
        return date
    }
}

/** A JSON value outside its domain; Jackson adds the field path, [JsonErrors] reports the message. */
class InputDomainException(p: JsonParser, message: String, type: Class<*>) : MismatchedInputException(p, message, type)

/** A query or path value outside its domain; its message is reported beside the parameter's name. */
class InputDomainViolation(message: String) : IllegalArgumentException(message)

private class CheckedStringDeserializer : StringDeserializer() {
    override fun deserialize(p: JsonParser, ctxt: DeserializationContext): String? =
        super.deserialize(p, ctxt)?.also { s -> InputDomains.textProblem(s)?.let { throw InputDomainException(p, it, String::class.java) } }
}

private class CheckedLocalDateDeserializer : StdScalarDeserializer<LocalDate>(LocalDate::class.java) {
    override fun deserialize(p: JsonParser, ctxt: DeserializationContext): LocalDate? =
        LocalDateDeserializer.INSTANCE.deserialize(p, ctxt)
            ?.also { d -> InputDomains.dateProblem(d)?.let { throw InputDomainException(p, it, LocalDate::class.java) } }
}

/** Dates in query parameters, by [InputDomains.parseDate]. */
private object CheckedDateFormatter : Formatter<LocalDate> {
    override fun parse(text: String, locale: Locale): LocalDate = InputDomains.parseDate(text)

    override fun print(date: LocalDate, locale: Locale): String = date.toString()
}

/**
 * [CheckedDateFormatter] as the query string's converter: an empty value is no date (the document
 * allows `?to=`), but a blank or padded one is refused. Spring's formatter adapter reads any text
 * without a visible character as none and never asks the parser, so `?to=%0A` listed everything.
 */
private object CheckedDateConverter : Converter<String, LocalDate?> {
    override fun convert(text: String): LocalDate? = if (text.isEmpty()) null else CheckedDateFormatter.parse(text, Locale.ROOT)
}

@Configuration
class InputDomainConfig : WebMvcConfigurer {
    @Bean
    fun inputDomainsModule(): JacksonModule = SimpleModule("outlay-input-domains")
        .addDeserializer(String::class.java, CheckedStringDeserializer())
        .addDeserializer(LocalDate::class.java, CheckedLocalDateDeserializer())

    /**
     * A JSON number or boolean is not text, a number is not a choice, and an empty string is not an
     * id, a date or a choice: `"address": false`, `"direction": 0` or `"parentId": ""` are refused
     * (400 naming the field), never read as "false", as the first choice or as absent.
     */
    @Bean
    fun strictCoercions() = JsonMapperBuilderCustomizer { builder ->
        builder.withCoercionConfig(LogicalType.Textual) { config ->
            listOf(CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean).forEach { config.setCoercion(it, CoercionAction.Fail) }
        }
        builder.withCoercionConfig(LogicalType.Enum) { it.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail) } // not a position in the list
        builder.withCoercionConfigDefaults { it.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail) }
    }

    /** Registered after Spring's own, so it is tried first, also for `@DateTimeFormat` parameters. */
    override fun addFormatters(registry: FormatterRegistry) {
        registry.addFormatterForFieldType(LocalDate::class.java, CheckedDateFormatter)
        registry.addConverter(CheckedDateConverter) // String to LocalDate, read from its type; last added, first tried
    }
}

package outlay.platform

import io.swagger.v3.core.converter.AnnotatedType
import io.swagger.v3.oas.models.media.Schema
import io.swagger.v3.oas.models.parameters.Parameter
import jakarta.validation.Constraint
import jakarta.validation.ConstraintValidator
import jakarta.validation.ConstraintValidatorContext
import jakarta.validation.Payload
import org.springdoc.core.customizers.ParameterCustomizer
import org.springdoc.core.customizers.PropertyCustomizer
import org.springframework.core.MethodParameter
import org.springframework.stereotype.Component
import kotlin.reflect.KClass

/**
 * A text's length in Unicode code points, as JSON Schema's `minLength`/`maxLength` count it (and
 * PostgreSQL's `varchar(n)`; the H2 columns are widened to match, db/migration/h2). Bean
 * Validation's `@Size` counts UTF-16 units, so 100 emoji were 200 "characters" to the server and
 * 100 to the document. [CodePointLengthDocs] publishes [min] and [max] as the schema's
 * `minLength`/`maxLength`, so the server and the document apply one rule.
 */
@Target(AnnotationTarget.FIELD, AnnotationTarget.VALUE_PARAMETER)
@Retention(AnnotationRetention.RUNTIME)
@MustBeDocumented
@Constraint(validatedBy = [CodePointLengthValidator::class])
annotation class CodePointLength(
    val min: Int = 0,
    val max: Int,
    val message: String = "",
    val groups: Array<KClass<*>> = [],
    val payload: Array<KClass<out Payload>> = [],
)

class CodePointLengthValidator : ConstraintValidator<CodePointLength, CharSequence> {
    private var min = 0
    private var max = Int.MAX_VALUE

    override fun initialize(annotation: CodePointLength) {
        min = annotation.min
        max = annotation.max
    }

    override fun isValid(value: CharSequence?, context: ConstraintValidatorContext): Boolean {
        if (value == null) return true
        val length = Character.codePointCount(value, 0, value.length)
        if (length in min..max) return true
        context.disableDefaultConstraintViolation()
        context.buildConstraintViolationWithTemplate(message(min, max)).addConstraintViolation()
        return false
    }

    companion object {
        /** "characters" as a person counts them: an emoji is one. */
        fun message(min: Int, max: Int) = if (min <= 0) "must be at most $max characters" else "must be $min to $max characters"
    }
}

/**
 * Publishes [CodePointLength] in `/v3/api-docs` as `minLength`/`maxLength`: swagger-core reads
 * only `@Size` (by its class) on a property, and springdoc only it on a parameter, so a custom
 * constraint needs springdoc's own hooks: a [PropertyCustomizer] for request body fields and a
 * [ParameterCustomizer] for query parameters.
 */
@Component
class CodePointLengthDocs : PropertyCustomizer, ParameterCustomizer {
    override fun customize(property: Schema<*>?, type: AnnotatedType): Schema<*>? {
        val length = type.ctxAnnotations.orEmpty().filterIsInstance<CodePointLength>().firstOrNull() ?: return property
        property?.let { apply(it, length) }
        return property
    }

    override fun customize(parameterModel: Parameter?, methodParameter: MethodParameter): Parameter? {
        val length = methodParameter.getParameterAnnotation(CodePointLength::class.java) ?: return parameterModel
        parameterModel?.schema?.let { apply(it, length) }
        return parameterModel
    }

    private fun apply(schema: Schema<*>, length: CodePointLength) {
        schema.minLength = length.min
        schema.maxLength = length.max
    }
}

/** At most [max] code points, as the API's limits count them: never half of an emoji's surrogate pair. */
fun String.takeCodePoints(max: Int): String =
    if (codePointCount(0, length) <= max) this else substring(0, offsetByCodePoints(0, max))

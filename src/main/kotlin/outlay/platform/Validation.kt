package outlay.platform

/** Collects field errors so a request reports all its problems at once. */
class Checks {
    private val errors = mutableListOf<FieldError>()

    fun check(ok: Boolean, field: String, message: String) {
        if (!ok) errors += FieldError(field, message)
    }

    fun fail(field: String, message: String) {
        errors += FieldError(field, message)
    }

    val failed: Boolean get() = errors.isNotEmpty()

    fun throwIfAny() {
        if (errors.isNotEmpty()) throw ValidationException(errors.joinToString("; ") { "${it.field}: ${it.message}" }, errors)
    }
}

inline fun validate(block: Checks.() -> Unit) = Checks().apply(block).throwIfAny()

/** Minor units of [text], a positive decimal in [currency]; null (with the reason recorded) when it is not one. */
fun Checks.positiveMinor(field: String, text: String, currency: String): Long? {
    val decimal = Money.parse(text) ?: return null.also { fail(field, POSITIVE_AMOUNT_MESSAGE) }
    val minor = Money.toMinor(decimal, currency) ?: return null.also {
        fail(field, "has more decimals than $currency allows (${Money.digits(currency)})")
    }
    if (minor <= 0) fail(field, "must be greater than 0")
    return minor.takeIf { it > 0 }
}

const val POSITIVE_AMOUNT_MESSAGE = "must be a positive decimal such as 12.34"

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

    fun throwIfAny() {
        if (errors.isNotEmpty()) throw ValidationException(errors.joinToString("; ") { "${it.field}: ${it.message}" }, errors)
    }
}

inline fun validate(block: Checks.() -> Unit) = Checks().apply(block).throwIfAny()

package outlay.platform

import jakarta.servlet.http.HttpServletRequest
import org.apache.tomcat.util.http.InvalidParameterException
import org.slf4j.LoggerFactory
import org.springframework.dao.DataIntegrityViolationException
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpStatus
import org.springframework.http.HttpStatusCode
import org.springframework.http.MediaType
import org.springframework.http.ProblemDetail
import org.springframework.http.ResponseEntity
import org.springframework.http.converter.HttpMessageNotReadableException
import org.springframework.security.access.AccessDeniedException
import org.springframework.security.core.AuthenticationException
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException
import org.springframework.web.bind.MethodArgumentNotValidException
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.RestControllerAdvice
import org.springframework.web.context.request.ServletWebRequest
import org.springframework.web.context.request.WebRequest
import org.springframework.web.method.annotation.HandlerMethodValidationException
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException
import org.springframework.web.multipart.MaxUploadSizeExceededException
import org.springframework.web.multipart.MultipartException
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler

/**
 * Renders every failure as `application/problem+json` with a stable `type`. Spring MVC's own
 * exceptions arrive through [ResponseEntityExceptionHandler]; security and filter failures are
 * forwarded here too (see [ProblemSecurityHandlers], [RequestBodyLimitFilter]) so there is one renderer.
 */
@RestControllerAdvice
class ProblemHandler(private val database: DatabaseAvailability) : ResponseEntityExceptionHandler() {
    private val log = LoggerFactory.getLogger(javaClass)

    @ExceptionHandler(ApiException::class)
    fun api(e: ApiException, request: HttpServletRequest): ResponseEntity<ProblemDetail> {
        val headers = HttpHeaders()
        e.retryAfter?.let { headers.set(HttpHeaders.RETRY_AFTER, retryAfterSeconds(it).toString()) }
        if (e.status == HttpStatus.UNAUTHORIZED) headers.set(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
        return problem(e.status, e.type, e.detail, e.fieldErrors, headers).also { response ->
            e.properties.forEach { (name, value) -> response.body?.setProperty(name, value) }
        }
    }

    @ExceptionHandler(AuthenticationException::class)
    fun authentication(e: AuthenticationException): ResponseEntity<ProblemDetail> {
        val headers = HttpHeaders()
        return if (e is InvalidBearerTokenException) {
            headers.set(HttpHeaders.WWW_AUTHENTICATE, """Bearer error="invalid_token", error_description="The access token is invalid or expired"""")
            problem(HttpStatus.UNAUTHORIZED, ProblemType.INVALID_TOKEN, "The access token is invalid or expired.", headers = headers)
        } else {
            headers.set(HttpHeaders.WWW_AUTHENTICATE, "Bearer")
            problem(HttpStatus.UNAUTHORIZED, ProblemType.AUTHENTICATION_REQUIRED, "This request needs a valid bearer access token.", headers = headers)
        }
    }

    @ExceptionHandler(AccessDeniedException::class)
    fun accessDenied(e: AccessDeniedException): ResponseEntity<ProblemDetail> =
        problem(HttpStatus.FORBIDDEN, ProblemType.FORBIDDEN, "You may not access this resource.")

    @ExceptionHandler(MethodArgumentTypeMismatchException::class)
    fun typeMismatch(e: MethodArgumentTypeMismatchException, request: HttpServletRequest): ResponseEntity<ProblemDetail> {
        val domain = generateSequence(e as Throwable) { it.cause }.firstNotNullOfOrNull { it as? InputDomainViolation }
        return refused(request, validation(listOf(FieldError(e.name, domain?.message ?: "has an invalid value"))))
    }

    /** A multipart body that cannot be parsed (truncated, no closing boundary): the client's fault. */
    @ExceptionHandler(MultipartException::class)
    fun multipart(e: MultipartException, request: HttpServletRequest): ResponseEntity<ProblemDetail> =
        refused(request, problem(HttpStatus.BAD_REQUEST, ProblemType.BAD_REQUEST, "The multipart body is malformed or truncated."))

    /** Tomcat 11 throws this wherever parameters are first read if the query string cannot be parsed. */
    @ExceptionHandler(InvalidParameterException::class)
    fun invalidParameter(e: InvalidParameterException, request: HttpServletRequest): ResponseEntity<ProblemDetail> =
        refused(request, problem(HttpStatus.BAD_REQUEST, ProblemType.BAD_REQUEST, "The query string or form body is malformed."))

    /** A constraint the service did not foresee (a race, a row still referenced): a conflict, not a crash. */
    @ExceptionHandler(DataIntegrityViolationException::class)
    fun integrity(e: DataIntegrityViolationException, request: HttpServletRequest): ResponseEntity<ProblemDetail> {
        if (overflow(e)) return api(TotalTooLargeException(), request)
        log.info("Integrity violation on {} {}: {}", request.method, request.requestURI, e.mostSpecificCause.message)
        return problem(HttpStatus.CONFLICT, ProblemType.CONFLICT, "The request conflicts with existing data (a duplicate id, or a record still in use).")
    }

    /**
     * Failures of the database connection are an outage, reported once by [DatabaseAvailability],
     * not a bug to log per request; a pool that timed out while the database is fine is overload.
     */
    @ExceptionHandler(Exception::class)
    fun unexpected(e: Exception, request: HttpServletRequest): ResponseEntity<ProblemDetail> {
        if (overflow(e)) return api(TotalTooLargeException(), request)
        if (lockConflict(e)) {
            log.info("Lock conflict on {} {}: {}", request.method, request.requestURI, e.message)
            return problem(HttpStatus.CONFLICT, ProblemType.CONFLICT, "Another request changed the same records at the same time; nothing was written. Send it again.")
        }
        database.unavailable(e)?.let { return api(it, request) }
        log.error("Unhandled error on {} {}", request.method, request.requestURI, e)
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, ProblemType.INTERNAL, "An unexpected error occurred.")
    }

    override fun handleMethodArgumentNotValid(
        ex: MethodArgumentNotValidException, headers: HttpHeaders, status: HttpStatusCode, request: WebRequest,
    ): ResponseEntity<Any> = validation(
        ex.bindingResult.fieldErrors.map { FieldError(it.field, it.defaultMessage ?: "is invalid") } +
            ex.bindingResult.globalErrors.map { FieldError(it.objectName, it.defaultMessage ?: "is invalid") },
    ).widen()

    override fun handleHandlerMethodValidationException(
        ex: HandlerMethodValidationException, headers: HttpHeaders, status: HttpStatusCode, request: WebRequest,
    ): ResponseEntity<Any> = validation(
        ex.parameterValidationResults.flatMap { result ->
            result.resolvableErrors.map { FieldError(result.methodParameter.parameterName ?: "parameter", it.defaultMessage ?: "is invalid") }
        },
    ).widen()

    override fun handleHttpMessageNotReadable(
        ex: HttpMessageNotReadableException, headers: HttpHeaders, status: HttpStatusCode, request: WebRequest,
    ): ResponseEntity<Any> {
        generateSequence(ex as Throwable) { it.cause }.firstNotNullOfOrNull { it as? ApiException }?.let {
            return problem(it.status, it.type, it.detail, it.fieldErrors).widen()
        }
        val fieldError = JsonErrors.fieldError(ex)
        val response = if (fieldError != null) validation(listOf(fieldError))
        else problem(HttpStatus.BAD_REQUEST, ProblemType.MALFORMED_BODY, "The request body is missing or is not valid JSON.")
        return refused((request as ServletWebRequest).request, response).widen()
    }

    override fun handleMaxUploadSizeExceededException(
        ex: MaxUploadSizeExceededException, headers: HttpHeaders, status: HttpStatusCode, request: WebRequest,
    ): ResponseEntity<Any> =
        problem(HttpStatus.CONTENT_TOO_LARGE, ProblemType.PAYLOAD_TOO_LARGE, "The upload exceeds the size limit.").widen()

    /** Spring's own exceptions: keep its status and wording, give them a stable type and our media type. */
    override fun handleExceptionInternal(
        ex: Exception, body: Any?, headers: HttpHeaders, statusCode: HttpStatusCode, request: WebRequest,
    ): ResponseEntity<Any> {
        val type = ProblemType.forStatus(statusCode.value())
        val detail = (body as? ProblemDetail)?.detail ?: HttpStatus.resolve(statusCode.value())?.reasonPhrase ?: "Error"
        val out = HttpHeaders().apply { addAll(headers) }
        return problem(statusCode, type, detail, headers = out).widen()
    }

    /** An unparseable request is the client's doing: one WARN line, no stack trace. */
    private fun refused(request: HttpServletRequest, response: ResponseEntity<ProblemDetail>): ResponseEntity<ProblemDetail> {
        log.warn("Refused {} {}: {}", request.method, request.requestURI, response.body?.detail)
        return response
    }

    /**
     * SQLSTATE 22003: a number the database refused to hold. The only numbers that can grow past
     * their column are sums of amounts (a monthly total's bigint, [ExactSums]), so it is that
     * problem, not a conflict or a crash; the statement's transaction rolled back.
     */
    private fun overflow(e: Throwable): Boolean = sqlState(e, "22003")

    /**
     * SQLSTATE 40P01 (deadlock), 40001 (serialization failure): the database ended this request's transaction to let
     * another one go on. Both rolled back whole, so the request can be sent again: a conflict, not a crash.
     */
    private fun lockConflict(e: Throwable): Boolean = sqlState(e, "40P01", "40001")

    /** Whether the database's own error, anywhere in [e]'s causes, has one of [states]. */
    private fun sqlState(e: Throwable, vararg states: String): Boolean =
        generateSequence(e) { it.cause }.any { it is java.sql.SQLException && it.sqlState in states }

    private fun validation(errors: List<FieldError>): ResponseEntity<ProblemDetail> = problem(
        HttpStatus.BAD_REQUEST, ProblemType.VALIDATION,
        errors.joinToString("; ") { "${it.field}: ${it.message}" }.ifEmpty { "The request is invalid." }, errors,
    )

    companion object {
        fun problem(
            status: HttpStatusCode, type: ProblemType, detail: String,
            errors: List<FieldError> = emptyList(), headers: HttpHeaders = HttpHeaders(),
        ): ResponseEntity<ProblemDetail> {
            val body = ProblemDetail.forStatusAndDetail(status, detail).apply {
                this.type = type.uri
                title = type.title
                if (errors.isNotEmpty()) setProperty("errors", errors)
            }
            return ResponseEntity.status(status).headers(headers).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(body)
        }

        fun retryAfterSeconds(wait: java.time.Duration): Long = maxOf(1, (wait.toMillis() + 999) / 1000)

        @Suppress("UNCHECKED_CAST")
        private fun ResponseEntity<ProblemDetail>.widen(): ResponseEntity<Any> = this as ResponseEntity<Any>
    }
}

package outlay.platform

import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.apache.tomcat.util.http.InvalidParameterException
import org.slf4j.LoggerFactory
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered
import org.springframework.http.HttpStatus
import org.springframework.web.filter.OncePerRequestFilter
import org.springframework.web.servlet.HandlerExceptionResolver

/**
 * Refuses a request whose query string cannot be parsed (Tomcat 11 throws on `?=0`, an empty
 * parameter name, wherever parameters are first read) or whose parameters break the text
 * domain, before any handler sees it: one 400 problem, one WARN line, no stack trace.
 */
class RequestHygieneFilter(private val resolver: HandlerExceptionResolver) : OncePerRequestFilter() {
    private val log = LoggerFactory.getLogger(javaClass)

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        val problem = problemOf(request)
        if (problem == null) {
            chain.doFilter(request, response)
        } else {
            log.warn("Refused {} {}: {}", request.method, request.requestURI, problem.detail)
            SecurityHeaders.apply(response) // Spring Security, which sets them otherwise, has not run yet
            resolver.resolveException(request, response, null, problem)
        }
    }

    private fun problemOf(request: HttpServletRequest): ApiException? {
        // Multipart bodies are parsed later by Spring; only their query string is read here.
        val parameters = try {
            if (request.contentType?.startsWith("multipart/", ignoreCase = true) == true) emptyMap() else request.parameterMap
        } catch (e: InvalidParameterException) {
            return ApiException(HttpStatus.BAD_REQUEST, ProblemType.BAD_REQUEST, "The query string or form body is malformed.")
        }
        request.getHeader("Idempotency-Key")?.let { key ->
            InputDomains.idempotencyKeyProblem(key)?.let { return ValidationException("Idempotency-Key", it) }
        }
        for ((name, values) in parameters) {
            val problem = InputDomains.textProblem(name) ?: values.firstNotNullOfOrNull { InputDomains.textProblem(it) } ?: continue
            val field = if (InputDomains.textProblem(name) == null) name else "parameter name"
            return ValidationException(field, problem)
        }
        return null
    }
}

@Configuration
class RequestHygieneConfig {
    @Bean
    fun requestHygieneFilter(@Qualifier("handlerExceptionResolver") resolver: HandlerExceptionResolver) =
        FilterRegistrationBean(RequestHygieneFilter(resolver)).apply { order = Ordered.HIGHEST_PRECEDENCE + 5 }
}

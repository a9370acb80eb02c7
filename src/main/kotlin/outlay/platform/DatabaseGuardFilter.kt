package outlay.platform

import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered
import org.springframework.http.HttpStatus
import org.springframework.web.filter.OncePerRequestFilter
import org.springframework.web.servlet.HandlerExceptionResolver
import java.time.Duration

/** The database cannot be reached: retry after a moment. */
class DatabaseUnavailableException : ApiException(
    HttpStatus.SERVICE_UNAVAILABLE, ProblemType.DATABASE_UNAVAILABLE,
    "The database cannot be reached at the moment; nothing was changed. Retry after the time in Retry-After.",
    retryAfter = Duration.ofSeconds(1),
)

/**
 * While the database is known to be unreachable, answers every request that would need it with
 * 503 at once, so requests neither queue for the pool nor log a failure each. Health probes pass
 * (readiness must say DOWN, promptly).
 *
 * It also answers for the database where Spring MVC's handlers cannot: a filter's own query (a
 * browser session's lookup, a bearer token's session check) that finds the database unreachable
 * or the pool busy would otherwise escape the filters as a 500 with a logged stack trace.
 */
class DatabaseGuardFilter(
    private val availability: DatabaseAvailability,
    private val resolver: HandlerExceptionResolver,
) : OncePerRequestFilter() {
    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        if (availability.isDown && !request.isActuator()) return answer(request, response, DatabaseUnavailableException())
        try {
            chain.doFilter(request, response)
        } catch (e: Exception) {
            // inside Spring MVC the handlers have answered already: only a filter's failure arrives here
            val answer = availability.unavailable(e)
            if (answer == null || response.isCommitted) throw e
            answer(request, response, answer)
        }
    }

    /** As the dispatcher would: a page for a page, a problem document for the API. */
    private fun answer(request: HttpServletRequest, response: HttpServletResponse, e: ApiException) {
        resolver.resolveException(request, response, null, e)
    }
}

@Configuration
class DatabaseGuardConfig {
    @Bean
    fun databaseGuardFilter(
        availability: DatabaseAvailability,
        @Qualifier("handlerExceptionResolver") resolver: HandlerExceptionResolver,
    ) = FilterRegistrationBean(DatabaseGuardFilter(availability, resolver)).apply {
        order = Ordered.HIGHEST_PRECEDENCE + 5
    }
}

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
import java.util.concurrent.Semaphore

/** The server has more work than it takes on: no database connection came free in time, or too many requests are in progress. */
class ServerBusyException : ApiException(
    HttpStatus.SERVICE_UNAVAILABLE, ProblemType.OVERLOADED,
    "The server is busy; retry after the time in Retry-After.",
    retryAfter = Duration.ofSeconds(1),
)

/** The operator's endpoints (health probes, metrics): the server's own guards let them through. */
fun HttpServletRequest.isActuator() = requestURI.startsWith("/actuator/")

/**
 * Takes on at most [limit] requests at once and answers the next one 503 at once.
 *
 * With virtual threads nothing else bounds the requests in progress: each waits for its database
 * connection (5 s at most) holding its buffers, and a burst beyond what the server serves grows
 * that crowd without end. Turning the excess away before any work starts keeps the admitted ones'
 * memory bounded and tells clients to come back. The lab's flow at its knee has well under 100
 * requests in progress; 512 leaves room for bursts. Health probes are never turned away: an
 * overloaded server is alive, and must say so.
 *
 * Connections are bounded apart (`OUTLAY_MAX_CONNECTIONS`, [GuardedProtocol]): a connection holds
 * heap buffers before its request reaches this filter (docs/reliability.md, "Overload").
 */
class AdmissionFilter(limit: Int, private val resolver: HandlerExceptionResolver) : OncePerRequestFilter() {
    private val permits = Semaphore(limit)

    override fun shouldNotFilter(request: HttpServletRequest) = request.isActuator()

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        if (!permits.tryAcquire()) {
            resolver.resolveException(request, response, null, ServerBusyException())
            return
        }
        try {
            chain.doFilter(request, response)
        } finally {
            permits.release()
        }
    }
}

@Configuration
class AdmissionConfig {
    @Bean
    fun admissionFilter(props: HttpProperties, @Qualifier("handlerExceptionResolver") resolver: HandlerExceptionResolver) =
        FilterRegistrationBean(AdmissionFilter(props.maxRequestsInProgress, resolver)).apply {
            // Before the database guard and everything that does work for a request.
            order = Ordered.HIGHEST_PRECEDENCE + 4
        }
}

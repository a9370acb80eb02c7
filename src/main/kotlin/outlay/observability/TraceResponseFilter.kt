package outlay.observability

import io.micrometer.tracing.Tracer
import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.web.filter.OncePerRequestFilter

/**
 * Returns the request's trace in a W3C Trace Context `traceresponse` header
 * (`00-<trace id>-<server span id>-<flags>`), so a client, a browser's network tab or a bug
 * report can name the exact trace. An incoming `traceparent` is honoured by Micrometer's
 * propagation: the request's span joins that trace.
 */
class TraceResponseFilter(private val tracer: Tracer) : OncePerRequestFilter() {
    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        tracer.currentSpan()?.context()?.let { ctx ->
            val flags = if (ctx.sampled() == true) "01" else "00"
            response.setHeader(HEADER, "00-${ctx.traceId()}-${ctx.spanId()}-$flags")
        }
        chain.doFilter(request, response)
    }

    companion object {
        const val HEADER = "traceresponse"
    }
}

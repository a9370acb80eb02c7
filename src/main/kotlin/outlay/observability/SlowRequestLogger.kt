package outlay.observability

import io.micrometer.observation.Observation
import io.micrometer.observation.ObservationHandler
import io.micrometer.tracing.handler.TracingObservationHandler
import org.slf4j.LoggerFactory
import org.slf4j.MDC
import org.springframework.http.server.observation.ServerRequestObservationContext
import org.springframework.stereotype.Component
import java.util.concurrent.TimeUnit

/**
 * Warns about requests slower than `outlay.observability.slow-request`. It rides on the same
 * observation that feeds `http.server.requests`, so it costs one clock read per request and
 * names the route pattern (`/transactions/{id}`), never the concrete URL with ids in it. With
 * tracing on, the line carries the request's trace id, so a warning leads to its trace.
 */
@Component
class SlowRequestLogger(props: ObservabilityProperties) : ObservationHandler<ServerRequestObservationContext> {
    private val log = LoggerFactory.getLogger(javaClass)
    private val thresholdNanos = props.slowRequest.toNanos()

    override fun supportsContext(context: Observation.Context) = context is ServerRequestObservationContext

    override fun onStart(context: ServerRequestObservationContext) {
        context.put(START, System.nanoTime())
    }

    override fun onStop(context: ServerRequestObservationContext) {
        val start = context.get<Long>(START) ?: return
        val elapsed = System.nanoTime() - start
        if (elapsed < thresholdNanos) return
        val warn = {
            log.warn(
                "Slow request: {} {} took {} ms (status {})",
                context.carrier?.method, context.pathPattern ?: "<unmatched>",
                TimeUnit.NANOSECONDS.toMillis(elapsed), context.response?.status,
            )
        }
        // The request's scope is closed by now, so its trace ids go back into the MDC for this line.
        val ids = context.get<TracingObservationHandler.TracingContext>(TracingObservationHandler.TracingContext::class.java)?.span?.context()
        if (ids == null) return warn()
        MDC.putCloseable("traceId", ids.traceId()).use { MDC.putCloseable("spanId", ids.spanId()).use { warn() } }
    }

    private companion object {
        const val START = "outlay.slow-request.start"
    }
}

package outlay.platform

import io.micrometer.observation.Observation
import io.micrometer.observation.ObservationHandler
import org.slf4j.LoggerFactory
import org.springframework.http.server.observation.ServerRequestObservationContext
import org.springframework.stereotype.Component
import java.util.concurrent.TimeUnit

/**
 * Warns about requests slower than `outlay.observability.slow-request`. It rides on the same
 * observation that feeds `http.server.requests`, so it costs one clock read per request and
 * names the route pattern (`/transactions/{id}`), never the concrete URL with ids in it.
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
        if (elapsed >= thresholdNanos) {
            log.warn(
                "Slow request: {} {} took {} ms (status {})",
                context.carrier?.method, context.pathPattern ?: "<unmatched>",
                TimeUnit.NANOSECONDS.toMillis(elapsed), context.response?.status,
            )
        }
    }

    private companion object {
        const val START = "outlay.slow-request.start"
    }
}

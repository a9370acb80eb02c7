package outlay.observability

import io.micrometer.core.instrument.DistributionSummary
import io.micrometer.core.instrument.MeterRegistry
import io.micrometer.observation.Observation
import io.micrometer.observation.ObservationHandler
import org.springframework.http.server.observation.ServerRequestObservationContext
import org.springframework.stereotype.Component
import java.util.concurrent.ConcurrentHashMap

/**
 * `outlay.sql.statements`: how many SQL statements each request ran, by route, method and status
 * (the tags of `http.server.requests`). An N+1 shows as a route whose count grows with the data
 * the moment it ships, long before it is slow. Counted on the request's thread, where MVC runs
 * the handler and jOOQ runs its statements.
 */
@Component
class RequestStatements(private val registry: MeterRegistry) : ObservationHandler<ServerRequestObservationContext> {
    /** One summary per route, method and status, found with one lookup instead of a builder, a tag sort and the registry's lookup per request. */
    private val summaries = ConcurrentHashMap<Tags, DistributionSummary>()

    override fun supportsContext(context: Observation.Context) = context is ServerRequestObservationContext

    override fun onStart(context: ServerRequestObservationContext) {
        current.set(Counter())
    }

    override fun onStop(context: ServerRequestObservationContext) {
        val counter = current.get() ?: return
        current.remove()
        // the observation's own key values: its convention computed them before the handlers stop
        val tags = Tags(context.value("method"), context.value("uri"), context.value("status"), context.value("outcome"))
        summaries.computeIfAbsent(tags) {
            DistributionSummary.builder(NAME)
                .description("SQL statements run by one request")
                .tag("method", it.method).tag("uri", it.uri).tag("status", it.status).tag("outcome", it.outcome)
                .serviceLevelObjectives(*BUCKETS)
                .register(registry)
        }.record(counter.count.toDouble())
    }

    private data class Tags(val method: String, val uri: String, val status: String, val outcome: String)

    private class Counter {
        var count = 0
    }

    companion object {
        const val NAME = "outlay.sql.statements"
        private val BUCKETS = doubleArrayOf(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 15.0, 20.0, 30.0, 50.0, 100.0, 200.0, 500.0, 1000.0)
        private val current = ThreadLocal<Counter>()

        /** Counts one statement for the request running on this thread, if any. */
        fun increment() {
            current.get()?.let { it.count++ }
        }

        private fun Observation.Context.value(key: String): String = getLowCardinalityKeyValue(key)?.value ?: "UNKNOWN"
    }
}

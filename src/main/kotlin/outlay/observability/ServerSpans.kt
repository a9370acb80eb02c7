package outlay.observability

import io.micrometer.observation.Observation
import io.micrometer.observation.transport.ReceiverContext
import io.micrometer.tracing.CurrentTraceContext
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler
import io.micrometer.tracing.otel.bridge.OtelSpan
import io.micrometer.tracing.propagation.Propagator
import io.opentelemetry.api.common.AttributeKey
import io.opentelemetry.api.trace.SpanKind
import io.opentelemetry.api.trace.Tracer
import io.opentelemetry.context.Context
import io.opentelemetry.context.propagation.ContextPropagators
import io.opentelemetry.context.propagation.TextMapGetter
import jakarta.servlet.http.HttpServletRequest
import org.springframework.http.server.observation.ServerRequestObservationContext
import java.util.concurrent.ConcurrentHashMap
import io.micrometer.tracing.Tracer as MicrometerTracer

/**
 * The span of each HTTP request (`http.server.requests`), made with the OpenTelemetry API rather
 * than through Micrometer's bridge. Replaces Boot's receiver handler, which per request wrapped the
 * propagator's getter, built the span through the bridge's builder, looked the span kind up by
 * name, and on every scope compared and merged baggage (Outlay has none), stored three context
 * keys and wrapped the scope twice; at the end it merged and sorted the low- and high-cardinality
 * key values into a new list and made an attribute key per tag.
 *
 * What stays the same: the parent comes from the incoming `traceparent` through the configured
 * propagators (`management.tracing.propagation`), the span is current (so the bridge's MDC
 * listener puts its ids into every log line, and SQL, hash and file-store spans are its
 * children) while the request runs, its name is the observation's contextual name
 * (`http get /transactions`), its attributes are the observation's key values, and Micrometer's
 * [TracingContext] holds it, so the metrics handler (exemplars) and [SlowRequestLogger] find it.
 * Observations other than HTTP requests go to Boot's handler as before.
 */
class ServerSpans(
    tracer: MicrometerTracer,
    propagator: Propagator,
    private val otel: Tracer,
    private val propagators: ContextPropagators,
) : PropagatingReceiverTracingObservationHandler<ReceiverContext<*>>(tracer, propagator) {
    /** Attribute keys made once per tag name (a fixed set: the convention's keys), so the exporter's UTF-8 form of each is cached too. */
    private val keys = ConcurrentHashMap<String, AttributeKey<String>>()

    override fun onStart(context: ReceiverContext<*>) {
        if (context !is ServerRequestObservationContext) return super.onStart(context)
        // root, not this thread's context: a request never inherits what a pooled thread left behind
        val parent = propagators.textMapPropagator.extract(Context.root(), context.carrier, HEADERS)
        val span = otel.spanBuilder(context.name ?: "http.server.requests")
            .setParent(parent).setSpanKind(SpanKind.SERVER).startSpan()
        getTracingContext(context).span = OtelSpan.fromOtel(span)
    }

    override fun onScopeOpened(context: ReceiverContext<*>) {
        if (context !is ServerRequestObservationContext) return super.onScopeOpened(context)
        val tracing = getTracingContext(context)
        val scope = OtelSpan.toOtel(tracing.span ?: return).makeCurrent()
        // a scope opened again on this thread before the first closed (as Micrometer's reverting scope does) restores the first
        val previous = tracing.scope
        tracing.scope = CurrentTraceContext.Scope {
            scope.close()
            tracing.scope = previous
        }
    }

    override fun onScopeClosed(context: ReceiverContext<*>) {
        if (context !is ServerRequestObservationContext) return super.onScopeClosed(context)
        getTracingContext(context).scope?.close()
    }

    override fun onStop(context: ReceiverContext<*>) {
        if (context !is ServerRequestObservationContext) return super.onStop(context)
        val micrometerSpan = getRequiredSpan(context)
        val span = OtelSpan.toOtel(micrometerSpan)
        for (kv in context.lowCardinalityKeyValues) {
            if (kv.key.equals("error", ignoreCase = true)) micrometerSpan.error(RuntimeException(kv.value))
            else span.setAttribute(key(kv.key), kv.value)
        }
        for (kv in context.highCardinalityKeyValues) span.setAttribute(key(kv.key), kv.value)
        span.updateName(context.contextualName ?: context.name ?: "http.server.requests")
        span.end()
    }

    override fun supportsContext(context: Observation.Context) = context is ReceiverContext<*>

    private fun key(name: String) = keys[name] ?: keys.computeIfAbsent(name) { AttributeKey.stringKey(it) }

    private object HEADERS : TextMapGetter<HttpServletRequest> {
        override fun keys(carrier: HttpServletRequest): Iterable<String> = carrier.headerNames.toList()
        override fun get(carrier: HttpServletRequest?, key: String): String? = carrier?.getHeader(key)
    }
}

package outlay.observability

import io.micrometer.tracing.Tracer
import io.micrometer.tracing.propagation.Propagator
import io.opentelemetry.context.propagation.ContextPropagators
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor
import io.opentelemetry.sdk.trace.export.SpanExporter
import org.springframework.beans.factory.ObjectProvider
import org.springframework.beans.factory.config.BeanPostProcessor
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingProperties
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanExporters
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingConnectionDetails
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.Transport
import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered
import org.springframework.core.annotation.Order
import org.springframework.stereotype.Component
import outlay.documents.FileStore
import io.opentelemetry.api.trace.Tracer as OtelTracer

/** The setting that turns tracing on, and so decides which beans exist (outlay/BuildTimeGraph.kt). */
const val OTLP_ENDPOINT_PROPERTY = "outlay.observability.otlp-endpoint"
private const val TRACING_ON = "!'\${$OTLP_ENDPOINT_PROPERTY:}'.isBlank()"

/**
 * Tracing is on exactly when `OUTLAY_OTLP_ENDPOINT` is set. Then Spring Boot's OpenTelemetry
 * tracer and OTLP/HTTP exporter run (sampling: `OUTLAY_TRACE_SAMPLING`); otherwise the tracer is
 * Micrometer's no-op, so no span, no exporter thread's work and no trace ids are made.
 */
@Configuration(proxyBeanMethods = false)
class TracingConfig {

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnExpression("!($TRACING_ON)")
    class Off(props: ObservabilityProperties) {
        init {
            // Only the build-time bean graph (outlay/BuildTimeGraph.kt), made with tracing off, can get
            // here with an endpoint set: one given by a route main() does not read. Refuse to start
            // rather than run without the tracing the operator asked for.
            check(!props.tracing) {
                "The OTLP endpoint is set, but this start uses the bean graph generated without tracing: " +
                    "give the endpoint as OUTLAY_OTLP_ENDPOINT, or start with -Dspring.aot.enabled=false"
            }
        }

        @Bean
        fun noopTracer(): Tracer = Tracer.NOOP

        /** Without it the OpenTelemetry propagator would still start an SDK span for every request. */
        @Bean
        fun noopPropagator(): Propagator = Propagator.NOOP
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnExpression(TRACING_ON)
    class On {
        /** Boot's exporter is created when connection details exist; ours map OUTLAY_OTLP_ENDPOINT to the traces URL. */
        @Bean
        fun otlpTracingConnectionDetails(props: ObservabilityProperties) = object : OtlpTracingConnectionDetails {
            override fun getUrl(transport: Transport): String = props.otlpTracesUrl
        }

        /**
         * Replaces Boot's batch processor, whose exporter is Micrometer's CompositeSpanExporter: it
         * copies every finished span into a mutable bridge object and back for SpanFilter and
         * SpanExportingPredicate beans (Outlay has none), and the protobuf encoder then rebuilds each
         * copy's attributes as it sizes and writes it. This one hands the SDK's spans to the OTLP
         * exporter as they are; the batch settings stay Boot's (`management.opentelemetry.tracing.export.*`).
         */
        @Bean
        fun otelSpanProcessor(exporters: SpanExporters, props: OpenTelemetryTracingProperties): BatchSpanProcessor =
            BatchSpanProcessor.builder(SpanExporter.composite(exporters.list()))
                .setExportUnsampledSpans(props.export.isIncludeUnsampled)
                .setExporterTimeout(props.export.timeout)
                .setMaxExportBatchSize(props.export.maxBatchSize)
                .setMaxQueueSize(props.export.maxQueueSize)
                .setScheduleDelay(props.export.scheduleDelay)
                .build()

        /** Replaces Boot's receiver handler (same order among the tracing handlers, so it comes before the default one). */
        @Bean
        @Order(MicrometerTracingAutoConfiguration.RECEIVER_TRACING_OBSERVATION_HANDLER_ORDER)
        fun serverSpans(tracer: Tracer, propagator: Propagator, otel: OtelTracer, propagators: ContextPropagators) =
            ServerSpans(tracer, propagator, otel, propagators)

        @Bean
        fun traceResponseFilter(tracer: Tracer) = FilterRegistrationBean(TraceResponseFilter(tracer)).apply {
            // just inside the observation filter (HIGHEST_PRECEDENCE + 1), whose span is then current
            order = Ordered.HIGHEST_PRECEDENCE + 2
        }
    }
}

/** Every file store gets a span per operation when tracing is on, whatever its implementation. */
@Component
class TracedFileStores(private val spans: ObjectProvider<Spans>) : BeanPostProcessor {
    override fun postProcessAfterInitialization(bean: Any, beanName: String): Any {
        if (bean !is FileStore) return bean
        val s = spans.getObject()
        return if (s.enabled) TracedFileStore(bean, s) else bean
    }
}

package outlay.observability

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

@ConfigurationProperties("outlay.observability")
data class ObservabilityProperties(
    /** A request slower than this is logged as a warning with its route. */
    val slowRequest: Duration = Duration.ofMillis(500),
    /** A SQL statement slower than this is logged as a warning with its text (no parameter values). */
    val slowSql: Duration = Duration.ofMillis(100),
    /**
     * OTLP/HTTP receiver (`http://tempo:4318` or the full `.../v1/traces` URL). Tracing is on only
     * when set: without it the tracer is a no-op and no span is created.
     */
    val otlpEndpoint: String = "",
    /**
     * Where a trace can be looked at, with `{traceId}` in it (`OUTLAY_TRACE_LINK`, e.g.
     * `http://jaeger:16686/trace/{traceId}`): the console's slowest statements link there.
     */
    val traceLink: String = "",
) {
    val tracing: Boolean get() = otlpEndpoint.isNotBlank()

    /** The traces URL: a bare base URL gets OTLP's `/v1/traces` path, as OTel SDKs do with `OTEL_EXPORTER_OTLP_ENDPOINT`. */
    val otlpTracesUrl: String get() = otlpEndpoint.trimEnd('/').let { if (it.endsWith("/v1/traces")) it else "$it/v1/traces" }
}

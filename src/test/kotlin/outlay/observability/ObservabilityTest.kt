package outlay.observability

import io.micrometer.tracing.Tracer
import io.micrometer.tracing.propagation.Propagator
import io.opentelemetry.sdk.trace.export.SpanExporter
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.context.ApplicationContext
import outlay.support.ApiTest
import outlay.support.Ledger
import kotlin.test.assertEquals
import kotlin.test.assertNull
import kotlin.test.assertTrue

class ObservabilityTest : ApiTest() {
    @Autowired
    private lateinit var context: ApplicationContext

    @Test
    fun `without an OTLP endpoint tracing is a no-op, with no tracer, exporter or trace header`() {
        assertEquals(Tracer.NOOP, context.getBean(Tracer::class.java))
        assertEquals(Propagator.NOOP, context.getBean(Propagator::class.java))
        assertTrue(context.getBeansOfType(SpanExporter::class.java).isEmpty())
        val me = Ledger(api)
        val traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        val response = api.send("GET", "/accounts", java.net.http.HttpRequest.BodyPublishers.noBody(), me.token, headers = mapOf("traceparent" to traceparent))
        assertEquals(200, response.status)
        assertNull(response.header("traceresponse"))
    }

    @Test
    fun `statements per request are a histogram by route`() {
        val me = Ledger(api)
        me.get("/transactions")
        val lines = { suffix: String ->
            api.get("/actuator/prometheus").body.lines().filter {
                it.startsWith("outlay_sql_statements_$suffix{") && "method=\"GET\"" in it && "uri=\"/transactions\"" in it && "status=\"200\"" in it
            }
        }
        val line = { suffix: String -> lines(suffix).single() }
        val requests = line("count").substringAfterLast(' ').toDouble()
        val total = line("sum").substringAfterLast(' ').toDouble()
        // counted around the same request the histogram sees: a request may also check that its session is still open
        val (_, count) = statements.count { me.get("/transactions") }
        assertEquals(requests + 1, line("count").substringAfterLast(' ').toDouble())
        assertEquals(total + count, line("sum").substringAfterLast(' ').toDouble(), "the histogram counts each statement")
        assertTrue(lines("bucket").any { "le=\"4.0\"" in it }, "bucketed for histogram_quantile")
    }

    @Test
    fun `liveness and readiness, with the database in readiness`() {
        assertEquals("UP", api.get("/actuator/health/liveness").text("status"))
        val readiness = api.get("/actuator/health/readiness")
        assertEquals(200, readiness.status)
        assertEquals("UP", readiness.json.path("components").path("db").path("status").asString())
    }

    @Test
    fun `prometheus exposes request histograms with the SLO buckets, pools and limits`() {
        api.newSession() // at least one login, so the auth meters have data
        val metrics = api.get("/actuator/prometheus").body
        val loginBuckets = metrics.lines().filter { it.startsWith("http_server_requests_seconds_bucket") && "uri=\"/auth/login\"" in it }
        for (le in listOf("0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "3.0", "7.0", "10.0")) {
            assertTrue(loginBuckets.any { "le=\"$le\"" in it }, "missing bucket le=$le")
        }
        for (name in listOf(
            "hikaricp_connections_active", "jvm_memory_used_bytes", "jvm_threads_live_threads",
            "executor_queued_tasks{name=\"password.hash\"}", "outlay_password_hash_wait_seconds_count",
            "outlay_password_hash_duration_seconds_count", "outlay_password_hash_rejected_total",
            "outlay_ratelimit_rejected_total{limit=\"login-ip\"}", "outlay_sql_statements_bucket",
        )) {
            assertTrue(metrics.contains(name), "missing metric $name")
        }
    }

    @Test
    fun `OpenAPI document and Swagger UI are served`() {
        val docs = api.get("/v3/api-docs")
        assertEquals(200, docs.status)
        for (path in listOf("/auth/register", "/auth/login", "/auth/refresh", "/auth/logout", "/me")) {
            assertTrue(docs.json.path("paths").has(path), "OpenAPI lacks $path")
        }
        assertEquals(200, api.get("/swagger-ui/index.html").status)
    }
}

package outlay.platform

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class ObservabilityTest : ApiTest() {

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
            "outlay_ratelimit_rejected_total{limit=\"login-ip\"}",
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

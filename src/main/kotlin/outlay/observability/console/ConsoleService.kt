package outlay.observability.console

import io.micrometer.core.instrument.MeterRegistry
import org.springframework.boot.health.actuate.endpoint.CompositeHealthDescriptor
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor
import org.springframework.stereotype.Service
import outlay.observability.RequestStatements
import outlay.observability.Spans
import java.lang.management.ManagementFactory
import java.time.Duration
import java.util.concurrent.TimeUnit

data class RouteStatements(val method: String, val uri: String, val requests: Long, val mean: Double, val max: Double)
data class HashPool(val threads: Double, val busy: Double, val queued: Double, val rejected: Double, val meanWaitMillis: Double, val meanHashMillis: Double)
data class Jvm(
    val heapUsedBytes: Long, val heapMaxBytes: Long, val gcCount: Long, val gcMillis: Long,
    val liveThreads: Int, val peakThreads: Int, val processCpu: Double?, val uptimeSeconds: Long,
)
data class RedView(val windowMinutes: Long, val routes: List<RouteRed>, val seed: Thresholds, val outlay: Thresholds)
data class SqlView(val slowest: List<SqlStatementStats>, val perRequest: List<RouteStatements>, val tracing: Boolean)
data class HealthComponent(val name: String, val status: String, val details: Map<String, Any?>)
data class RuntimeView(val hashPool: HashPool, val rateLimitRejections: Map<String, Double>, val jvm: Jvm, val health: List<HealthComponent>)

/** The operator console's numbers, read from this process: its meter registry, SQL totals and the JVM (ConsoleGate admits operators only). */
@Service
class ConsoleService(
    private val registry: MeterRegistry,
    private val routes: RouteMetrics,
    private val sql: SqlStatistics,
    private val spans: Spans,
    private val healthEndpoint: HealthEndpoint,
) {
    /** RED per route over the last [minutes] (1 to 15: the ring of per-minute snapshots reaches that far). */
    fun red(minutes: Long): RedView {
        val window = minutes.coerceIn(1, 15)
        return RedView(window, routes.red(Duration.ofMinutes(window)), Thresholds.SEED, Thresholds.OUTLAY)
    }

    fun sql() = SqlView(sql.slowest(SLOWEST), statementsPerRequest(), spans.enabled)

    fun runtime() = RuntimeView(hashPool(), rateLimits(), jvm(), health())

    /**
     * Every health component with its details: what `/actuator/health` shows only to callers on the
     * server's own host, shown here to operators wherever they sign in from.
     */
    private fun health(): List<HealthComponent> {
        fun flatten(name: String, d: HealthDescriptor): List<HealthComponent> = when (d) {
            is CompositeHealthDescriptor -> d.components.orEmpty().flatMap { (child, c) -> flatten(if (name.isEmpty()) child else "$name/$child", c) }
            is IndicatedHealthDescriptor -> listOf(HealthComponent(name, d.status.code, d.details.orEmpty()))
            else -> listOf(HealthComponent(name, d.status.code, emptyMap()))
        }
        return flatten("", healthEndpoint.health()).sortedBy { it.name }
    }

    private fun statementsPerRequest() = registry.find(RequestStatements.NAME).summaries()
        .groupBy { (it.id.getTag("method") ?: "?") to (it.id.getTag("uri") ?: "?") }
        .filterKeys { !it.second.startsWith("/actuator") }
        .map { (key, summaries) ->
            val count = summaries.sumOf { it.count() }
            RouteStatements(key.first, key.second, count, if (count == 0L) 0.0 else summaries.sumOf { it.totalAmount() } / count, summaries.maxOf { it.max() })
        }.sortedByDescending { it.max }

    private fun hashPool(): HashPool {
        fun gauge(name: String) = registry.find(name).tag("name", "password.hash").gauge()?.value() ?: 0.0
        fun mean(name: String) = registry.find(name).timer()?.mean(TimeUnit.MILLISECONDS) ?: 0.0
        return HashPool(
            gauge("executor.pool.size"), gauge("executor.active"), gauge("executor.queued"),
            registry.find("outlay.password.hash.rejected").counter()?.count() ?: 0.0,
            mean("outlay.password.hash.wait"), mean("outlay.password.hash.duration"),
        )
    }

    private fun rateLimits() = registry.find("outlay.ratelimit.rejected").counters()
        .associate { (it.id.getTag("limit") ?: "?") to it.count() }

    private fun jvm(): Jvm {
        val heap = ManagementFactory.getMemoryMXBean().heapMemoryUsage
        val gcs = ManagementFactory.getGarbageCollectorMXBeans()
        val threads = ManagementFactory.getThreadMXBean()
        val os = ManagementFactory.getOperatingSystemMXBean() as? com.sun.management.OperatingSystemMXBean
        return Jvm(
            heap.used, heap.max, gcs.sumOf { it.collectionCount.coerceAtLeast(0) }, gcs.sumOf { it.collectionTime.coerceAtLeast(0) },
            threads.threadCount, threads.peakThreadCount, os?.processCpuLoad?.takeIf { it >= 0 },
            ManagementFactory.getRuntimeMXBean().uptime / 1000,
        )
    }

    private companion object {
        const val SLOWEST = 20
    }
}

package outlay.observability.console

import io.micrometer.core.instrument.MeterRegistry
import org.springframework.scheduling.annotation.Scheduled
import org.springframework.stereotype.Component
import java.time.Clock
import java.time.Duration
import java.time.Instant
import java.util.concurrent.TimeUnit

/** Traffic light against a threshold pair: below [yellow] green, below [red] yellow, else red (seconds). */
data class Thresholds(val yellow: Double, val red: Double) {
    fun colour(seconds: Double?) = when {
        seconds == null -> "none"
        seconds < yellow -> "green"
        seconds < red -> "yellow"
        else -> "red"
    }

    companion object {
        /** The seed system's p95 lines: green below 3 s, yellow below 7 s, red below 10 s (and beyond). */
        val SEED = Thresholds(3.0, 7.0)
        /** Outlay's own target (docs/performance.md: p95 under 50 ms at the lab's load). */
        val OUTLAY = Thresholds(0.05, 0.25)
    }
}

data class RouteRed(
    val method: String, val uri: String, val requests: Long, val perSecond: Double, val clientErrors: Long, val serverErrors: Long,
    val p50: Double?, val p95: Double?, val p99: Double?, val seedColour: String, val outlayColour: String,
)

/**
 * RED per route over the last minutes, read from `http.server.requests` in the process's own
 * registry (no Prometheus needed). A cumulative snapshot is kept every minute in a small ring;
 * a window's numbers are now minus the snapshot taken that long ago, and its percentiles are
 * interpolated within the SLO buckets (5 ms … 10 s).
 */
@Component
class RouteMetrics(private val registry: MeterRegistry, private val clock: Clock) {
    private class Route(var count: Long = 0, var client: Long = 0, var server: Long = 0, var buckets: Map<Double, Double> = emptyMap())
    private data class Snapshot(val at: Instant, val routes: Map<Pair<String, String>, Route>)

    private val ring = ArrayDeque<Snapshot>()

    @Scheduled(fixedRate = 60_000, initialDelay = 0)
    fun remember() = synchronized(ring) {
        ring.addLast(take())
        while (ring.size > RING) ring.removeFirst()
    }

    /** Each route's rate, errors and percentiles over (at most) the last [window]. */
    fun red(window: Duration): List<RouteRed> {
        val now = take()
        val base = synchronized(ring) { ring.firstOrNull { !it.at.isBefore(now.at.minus(window)) } }
        val seconds = base?.let { Duration.between(it.at, now.at).toMillis() / 1000.0 }?.takeIf { it > 0 } ?: window.seconds.toDouble()
        return now.routes.mapNotNull { (key, route) ->
            val before = base?.routes?.get(key) ?: Route()
            val count = route.count - before.count
            if (count <= 0) return@mapNotNull null
            val buckets = route.buckets.mapValues { (le, c) -> c - (before.buckets[le] ?: 0.0) }
            val p95 = quantile(buckets, count, 0.95)
            RouteRed(
                key.first, key.second, count, count / seconds, route.client - before.client, route.server - before.server,
                quantile(buckets, count, 0.5), p95, quantile(buckets, count, 0.99),
                Thresholds.SEED.colour(p95), Thresholds.OUTLAY.colour(p95),
            )
        }.sortedByDescending { it.requests }
    }

    private fun take(): Snapshot {
        val routes = HashMap<Pair<String, String>, Route>()
        for (timer in registry.find("http.server.requests").timers()) {
            val uri = timer.id.getTag("uri") ?: continue
            if (uri.startsWith("/actuator")) continue
            val route = routes.getOrPut((timer.id.getTag("method") ?: "?") to uri) { Route() }
            val snapshot = timer.takeSnapshot()
            val status = timer.id.getTag("status") ?: ""
            route.count += snapshot.count()
            if (status.startsWith("4")) route.client += snapshot.count()
            if (status.startsWith("5")) route.server += snapshot.count()
            route.buckets = snapshot.histogramCounts().associate { it.bucket(TimeUnit.SECONDS) to it.count() }
                .mapValues { (le, c) -> c + (route.buckets[le] ?: 0.0) }
        }
        return Snapshot(clock.instant(), routes)
    }

    private fun quantile(buckets: Map<Double, Double>, count: Long, q: Double): Double? {
        val rank = q * count
        var lower = 0.0
        var below = 0.0
        for ((le, cumulative) in buckets.entries.sortedBy { it.key }) {
            if (cumulative >= rank) {
                val inBucket = cumulative - below
                return if (inBucket <= 0) le else lower + (le - lower) * (rank - below) / inBucket
            }
            lower = le
            below = cumulative
        }
        return buckets.keys.maxOrNull() // beyond the last bucket: at least that long
    }

    private companion object {
        const val RING = 16
    }
}


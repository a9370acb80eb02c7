package outlay.reliability

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import outlay.support.Api
import outlay.support.ServerProcess
import outlay.support.ThrowawayPostgres
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.UUID
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * PostgreSQL stopped under load, then started again; then a `pg_ctl restart` under load. While
 * it is away every request answers 503 problem+json with Retry-After (never a 500, never a
 * hang), readiness says DOWN, the log gets one warning when the outage starts and one when it
 * ends (no stack traces), the server recovers by itself, and nothing acknowledged is lost.
 * Runs in the PostgreSQL pass only, on a PostgreSQL server of its own. The figures (time to the
 * first 503, recovery time, slowest answer) go to target/reliability/outage.txt.
 */
class PostgresOutageTest {
    @TempDir
    lateinit var dir: Path

    private data class Sample(val startNanos: Long, val endNanos: Long, val status: Int, val type: String?, val retryAfter: String?)

    @Test
    fun `a database outage answers 503 fast and recovers by itself`() {
        ThrowawayPostgres().use { pg ->
            val server = ServerProcess(dir.resolve("data"), ServerProcess.logFile("outage-server.log"), mapOf("OUTLAY_DB_URL" to pg.url, "OUTLAY_DB_USER" to pg.user))
            server.start().use {
                val users = (1..3).map { server.api.newSession() }.map { s -> s to server.api.post("/accounts", mapOf("name" to "Wallet", "currency" to "EUR"), s.accessToken).text("id") }
                val samples = ConcurrentLinkedQueue<Sample>()
                val readiness = ConcurrentLinkedQueue<Sample>()
                val acknowledged = ConcurrentLinkedQueue<Acknowledged>()
                val stop = AtomicBoolean()
                val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
                fun send(request: HttpRequest): Sample {
                    val start = System.nanoTime()
                    val response = client.send(request, HttpResponse.BodyHandlers.ofString())
                    val type = Regex("\"type\":\"([^\"]+)\"").find(response.body())?.groupValues?.get(1)
                    return Sample(start, System.nanoTime(), response.statusCode(), type, response.headers().firstValue("Retry-After").orElse(null))
                }
                val threads = users.flatMap { (session, account) ->
                    (1..2).map {
                        thread {
                            while (!stop.get()) {
                                val id = UUID.randomUUID().toString()
                                val body = Api.json(mapOf("id" to id, "accountId" to account, "date" to "2025-05-05", "items" to listOf(mapOf("amount" to "1.25", "categoryId" to outlay.support.Fixtures.FOOD))))
                                val sample = send(HttpRequest.newBuilder(URI.create("${server.baseUrl}/transactions")).timeout(Duration.ofSeconds(30))
                                    .header("Authorization", "Bearer ${session.accessToken}").header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString(body)).build())
                                samples += sample
                                if (sample.status in 200..201) acknowledged += Acknowledged(session.accessToken, id, null)
                            }
                        }
                    }
                } + thread {
                    while (!stop.get()) {
                        readiness += send(HttpRequest.newBuilder(URI.create("${server.baseUrl}/actuator/health/readiness")).timeout(Duration.ofSeconds(30)).build())
                        Thread.sleep(100)
                    }
                }
                fun awaitSuccessAfter(nanos: Long) {
                    while (samples.none { it.startNanos > nanos && it.status in 200..201 }) Thread.sleep(50)
                }
                Thread.sleep(1500)
                val stopping = System.nanoTime()
                pg.stop()
                val stopped = System.nanoTime()
                Thread.sleep(OUTAGE_MILLIS)
                pg.start()
                val started = System.nanoTime()
                awaitSuccessAfter(started)
                Thread.sleep(1000)
                val restarted = System.nanoTime().also { pg.restart() }
                awaitSuccessAfter(System.nanoTime())
                Thread.sleep(1000)
                stop.set(true)
                threads.forEach { it.join() }

                val outage = samples.filter { it.endNanos > stopping && it.startNanos < started }
                val unavailable = samples.filter { it.status == 503 }
                val firstUnavailable = unavailable.filter { it.endNanos > stopping }.minOfOrNull { it.endNanos }
                val recovered = samples.filter { it.startNanos > started && it.status in 200..201 }.minOf { it.endNanos }
                val millis = { n: Long -> n / 1_000_000 }
                val figures = "outage=${OUTAGE_MILLIS} ms requests=${samples.size} acknowledged=${acknowledged.size} " +
                    "during outage=${outage.size} (503: ${outage.count { it.status == 503 }}) " +
                    "pg_ctl stop took=${millis(stopped - stopping)} ms first 503 after stop began=${firstUnavailable?.let { millis(it - stopping) }} ms " +
                    "slowest answer during outage=${outage.maxOfOrNull { millis(it.endNanos - it.startNanos) }} ms " +
                    "answers over 1 s during outage=${outage.count { it.endNanos - it.startNanos > 1_000_000_000 }} " +
                    // each as sent (ms after the stop began; negative: already running) / took (ms) / status,
                    // to tell a request the stop caught mid-flight from one that waited after it
                    "slow answers=${outage.filter { it.endNanos - it.startNanos > 1_000_000_000 }.map { "${millis(it.startNanos - stopping)}/${millis(it.endNanos - it.startNanos)}/${it.status}" }} " +
                    "recovery after start=${millis(recovered - started)} ms " +
                    "slowest readiness=${readiness.maxOf { millis(it.endNanos - it.startNanos) }} ms " +
                    "503s around restart=${unavailable.count { it.endNanos > restarted }}"
                println("OUTAGE $figures")
                Files.writeString(ServerProcess.logFile("outage.txt"), figures + "\n")

                val lost = LedgerAudit.lost(server.api, acknowledged)
                server.stop()
                val log = server.logText()
                assertEquals(emptyList(), samples.filter { it.status !in 200..201 && it.status != 503 }, "answers other than 2xx and 503")
                assertTrue(outage.any { it.status == 503 }, "requests during the outage answered 503: $figures")
                assertEquals(emptyList(), unavailable.filter { it.type != "/problems/database-unavailable" || it.retryAfter == null }, "503s are database-unavailable problems with Retry-After")
                assertTrue(readiness.any { it.status == 503 && it.startNanos in stopping..started }, "readiness said DOWN during the outage")
                assertEquals(200, readiness.last().status, "readiness is UP again")
                val starts = Regex("Database unreachable").findAll(log).count()
                val ends = Regex("Database reachable again").findAll(log).count()
                assertTrue(starts in 1..2 && starts == ends, "one warning when each outage starts and one when it ends: $starts starts, $ends ends")
                assertEquals(emptyList(), log.lines().filter { it.contains(" ERROR ") || it.startsWith("\tat ") }.take(5), "errors or stack traces in the log")
                assertEquals(emptyList(), lost.map { it.id }, "acknowledged but lost")
            }
        }
    }

    companion object {
        val OUTAGE_MILLIS: Long = java.lang.Long.getLong("outlay.outage.millis", 3000)
    }
}

package outlay.reliability

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import outlay.support.Api
import outlay.support.ServerProcess
import outlay.support.TestDatabase
import java.nio.file.Files
import java.nio.file.Path
import java.util.UUID
import java.util.concurrent.atomic.AtomicBoolean
import kotlin.concurrent.thread
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Kill -9 under write load, restart on the same data directory, lose nothing: the real server
 * runs as a child process; concurrent clients create transactions (direct, and drafts with a
 * receipt); the process is killed mid-load (after [WRITES_PER_RUN] acknowledged writes, then at a
 * random moment within [LOAD_MILLIS]), restarted, and the load goes on, [CYCLES] times. Then
 * every acknowledged transaction must be there with its receipt, the monthly totals must equal
 * the statistics computed from the items, and every stored-file row must have its bytes. On PostgreSQL only the server dies; the database stays.
 *
 * The CI run is short; `bench/crash/run.sh` runs the same test longer (see docs/reliability.md).
 */
class CrashTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `no acknowledged write is lost when the server is killed mid-load`() {
        val dataDir = dir.resolve("data")
        val server = ServerProcess(dataDir, ServerProcess.logFile("crash-${TestDatabase.kind}-server.log"), mapOf("OUTLAY_ACCESS_TOKEN_TTL" to "4h"))
        val writers: Writers
        val userIds: List<UUID>
        server.start().use {
            val users = (1..USERS).map {
                val session = server.api.newSession()
                Writer(session, Api(server.baseUrl).post("/accounts", mapOf("name" to "Wallet", "currency" to "EUR"), session.accessToken).text("id"))
            }
            userIds = users.map { UUID.fromString(server.api.get("/me", it.session.accessToken).text("id")) }
            writers = Writers(users, THREADS_PER_USER) { server.baseUrl }
            repeat(CYCLES) { cycle ->
                if (cycle > 0) server.start()
                val stop = AtomicBoolean()
                val before = writers.acknowledged.size
                val load = thread { writers.run(stop) }
                // mid-load, whatever the machine's speed: after a number of acknowledged writes, at a random moment
                while (writers.acknowledged.size < before + WRITES_PER_RUN && load.isAlive) Thread.sleep(20)
                Thread.sleep(Random.nextLong(LOAD_MILLIS))
                server.kill() // requests in flight
                stop.set(true)
                load.join()
            }
            server.start()
            val acknowledged = writers.acknowledged.values.toList()
            val lost = LedgerAudit.lost(server.api, acknowledged)
            val badReceipts = LedgerAudit.badReceipts(server.api, acknowledged)
            val mismatches = writers.acknowledged.values.map { it.token }.distinct().flatMap { LedgerAudit.statisticsMismatches(server.api, it) }
            server.stop()
            val missingBytes = LedgerAudit.filesWithoutBytes(dataDir, userIds)
            // on H2 the server recomputes the monthly totals after each unclean stop (MonthTotalsRepair) and logs what differed
            val repaired = Regex("(\\d+) rows differed").findAll(server.logText()).map { it.groupValues[1].toInt() }.toList()
            val figures = "database=${TestDatabase.kind} crash runs=$CYCLES clients=${USERS * THREADS_PER_USER} " +
                "requests=${writers.attempts.get()} acknowledged=${acknowledged.size} " +
                "with receipts=${acknowledged.count { it.receiptSha256 != null }} lost=${lost.size} " +
                "monthly-total rows repaired per restart=$repaired"
            println("CRASH $figures")
            Files.writeString(ServerProcess.logFile("crash-${TestDatabase.kind}.txt"), figures + "\n")
            assertTrue(acknowledged.size >= CYCLES * WRITES_PER_RUN, "the load acknowledged writes in each run: $figures")
            assertEquals(emptyList(), writers.failures.toList().take(10), "requests answered with an error")
            assertEquals(emptyList(), lost.map { it.id }, "acknowledged but lost: $figures")
            assertEquals(emptyList(), badReceipts, "acknowledged receipts missing or changed")
            assertEquals(emptyList(), mismatches, "monthly totals differ from the items")
            assertEquals(emptyList(), missingBytes, "stored-file rows without their bytes")
            if (TestDatabase.kind == "h2") assertEquals(CYCLES, repaired.size, "every restart after a kill recomputed the monthly totals: $figures")
        }
    }

    companion object {
        val CYCLES = Integer.getInteger("outlay.crash.cycles", 2)
        val WRITES_PER_RUN = Integer.getInteger("outlay.crash.writes", 60)
        val LOAD_MILLIS = java.lang.Long.getLong("outlay.crash.load-millis", 1000)
        val USERS = Integer.getInteger("outlay.crash.users", 4)
        const val THREADS_PER_USER = 2
    }
}

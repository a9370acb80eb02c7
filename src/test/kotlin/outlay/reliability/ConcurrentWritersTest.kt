package outlay.reliability

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.ServerProcess
import outlay.support.TestDatabase
import java.nio.file.Path
import java.util.UUID
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import kotlin.random.Random
import kotlin.test.assertEquals

/**
 * Sixteen concurrent writers, all on one user (the worst case: every write takes that user's
 * row lock for the monthly totals) and sixteen more on users of their own: not one request
 * fails, on either database (on the embedded one, no lock time-out and no deadlock). The server
 * is the real process on the pass's database: on the H2 pass that is the embedded default as
 * it ships, a file database with its durable settings, not the suite's in-memory one.
 */
class ConcurrentWritersTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `sixteen concurrent writers never fail`() {
        ServerProcess(dir.resolve("data"), ServerProcess.logFile("writers-${TestDatabase.kind}-server.log")).start().use { server ->
            sixteenWriters(server)
        }
    }

    private fun sixteenWriters(server: ServerProcess) {
        val api = server.api
        val shared = Ledger(api)
        val sharedAccount = shared.account()
        val writers = List(WRITERS) { shared to sharedAccount } + List(WRITERS) { Ledger(api).let { it to it.account() } }
        val pool = Executors.newFixedThreadPool(writers.size)
        val failures = pool.invokeAll(writers.mapIndexed { n, (me, account) ->
            Callable {
                val random = Random(n)
                val mine = mutableListOf<String>()
                (1..OPERATIONS).mapNotNull {
                    val items = listOf(mapOf("id" to UUID.randomUUID().toString(), "amount" to "${random.nextInt(1, 99)}.00", "categoryId" to Fixtures.FOOD))
                    val body = mapOf("accountId" to account, "date" to "2025-0${1 + random.nextInt(9)}-15", "items" to items)
                    val response = when {
                        mine.isEmpty() || random.nextInt(3) > 0 -> me.post("/transactions", body + ("id" to UUID.randomUUID().toString())).also { r ->
                            if (r.status == 201) mine += r.text("id")
                        }
                        random.nextBoolean() -> me.put("/transactions/${mine.random(random)}", body)
                        else -> me.delete("/transactions/${mine.removeAt(random.nextInt(mine.size))}")
                    }
                    response.takeIf { it.status !in 200..204 }?.toString()
                }
            }
        }).flatMap { it.get() }
        pool.shutdown()
        assertEquals(emptyList(), failures, "failed requests among ${writers.size * OPERATIONS}")
        assertEquals(emptyList(), LedgerAudit.statisticsMismatches(api, shared.token), "monthly totals of the shared user")
    }

    private companion object {
        const val WRITERS = 16
        const val OPERATIONS = 12
    }
}

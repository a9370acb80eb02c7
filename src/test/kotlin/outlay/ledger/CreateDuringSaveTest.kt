package outlay.ledger

import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.TestDatabase
import java.sql.Connection
import java.sql.DriverManager
import java.util.UUID
import java.util.concurrent.Executors
import java.util.concurrent.Future
import kotlin.test.assertEquals

/**
 * On PostgreSQL a direct create takes the user's lock only after its inserts, and a draft's save takes it first. A
 * create that uses the draft's id while the draft is saved can therefore deadlock with the save: the create holds the
 * new row and waits for the user's lock, the save holds the lock and waits for the row. PostgreSQL ends one of them;
 * that request answers 409 (send it again), the other records the transaction once. The test forces that order by
 * holding a lock on the create's category from its own connection, so the create stops between its two inserts.
 */
class CreateDuringSaveTest : ApiTest() {

    @Test
    fun `a create with the draft's id during the draft's save ends in one record and a 409, not a 500`() {
        assumeTrue(TestDatabase.kind == "postgresql", "PostgreSQL's row locks: H2 takes the user's lock first on both paths")
        val me = Ledger(api)
        val account = me.account()
        val draftId = me.newDraft().path("id").asString()
        Ledger.ok(me.putItem(UUID.randomUUID(), "7.25"))
        val category = Ledger.ok(me.post("/categories", mapOf("name" to "Held", "icon" to "bakery_dining")), 201).text("id")
        val create = Api.json(mapOf(
            "id" to draftId, "accountId" to account, "date" to "2026-04-10",
            "items" to listOf(mapOf("id" to UUID.randomUUID().toString(), "amount" to "3.10", "categoryId" to category)),
        ))
        val pool = Executors.newFixedThreadPool(2)
        try {
            connection().use { holder ->
                holder.autoCommit = false
                // the create's item insert checks its foreign key with a key-share lock on this row: it waits here
                holder.prepareStatement("select id from category where id = ?::uuid for update").use { it.setString(1, category); it.executeQuery().close() }
                val created = pool.submit<Api.Response> { api.send("POST", "/transactions", java.net.http.HttpRequest.BodyPublishers.ofString(create), me.token, "application/json") }
                awaitWaiting(holder, 1)
                val saved = pool.submit<Api.Response> { api.send("POST", "/transactions", java.net.http.HttpRequest.BodyPublishers.noBody(), me.token) }
                awaitWaiting(holder, 2) // the save holds the user's lock and waits for the create's row
                holder.rollback()
                val answers = listOf(created, saved).map(Future<Api.Response>::get)
                assertEquals(listOf(201, 409), answers.map { it.status }.sorted(), answers.toString())
                assertEquals("application/problem+json", answers.single { it.status == 409 }.header("Content-Type"))
            }
        } finally {
            pool.shutdownNow()
        }
        assertEquals(200, me.get("/transactions/$draftId").status)
        assertEquals(1, me.get("/transactions").json.path("items").size())
        val totals = me.post("/statistics/summary", emptyMap<String, Any>()).json.path("totals")
        assertEquals(1, totals.sumOf { it.path("transactionCount").asInt() }, "the monthly totals counted one transaction: $totals")
    }

    private fun connection(): Connection = DriverManager.getConnection(
        System.getenv("OUTLAY_TEST_PG_URL"), System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay", System.getenv("OUTLAY_TEST_PG_PASSWORD") ?: "",
    )

    /** Waits until [n] other sessions wait for a lock (the requests reached the points the test arranged). */
    private fun awaitWaiting(holder: Connection, n: Int) {
        connection().use { c ->
            repeat(200) {
                val waiting = c.createStatement().use { s ->
                    s.executeQuery("select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()").use { it.next(); it.getInt(1) }
                }
                if (waiting >= n) return
                Thread.sleep(50)
            }
        }
        holder.rollback()
        error("$n requests did not reach their lock waits in 10 s")
    }
}

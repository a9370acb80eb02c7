package outlay.ledger

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.net.http.HttpRequest.BodyPublishers
import java.util.UUID
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/**
 * The same create sent 20 times at once, released together by a latch: one record, one 201 and
 * nineteen 200s carrying that record, the monthly totals counted once, and no integrity
 * violation (the losers wait for the first: on the user's lock on H2, on the unique index on PostgreSQL).
 */
@ExtendWith(OutputCaptureExtension::class)
class ConcurrentRetryTest : ApiTest() {

    @Test
    fun `twenty creates with the same client id make one record`(output: CapturedOutput) {
        val me = Ledger(api)
        val body = Api.json(direct(me.account()) + ("id" to UUID.randomUUID().toString()))
        val answers = all(20) { api.send("POST", "/transactions", BodyPublishers.ofString(body), me.token, "application/json") }
        assertOneRecord(me, answers, output)
    }

    @Test
    fun `twenty creates with the same Idempotency-Key make one record`(output: CapturedOutput) {
        val me = Ledger(api)
        val body = Api.json(direct(me.account()))
        val key = mapOf("Idempotency-Key" to UUID.randomUUID().toString())
        val answers = all(20) { api.send("POST", "/transactions", BodyPublishers.ofString(body), me.token, "application/json", key) }
        assertOneRecord(me, answers, output)
    }

    @Test
    fun `twenty saves of the draft with the same Idempotency-Key make one record`(output: CapturedOutput) {
        val me = Ledger(api)
        me.account()
        val draftId = me.newDraft().path("id").asString()
        me.putItem(UUID.randomUUID(), "7.25")
        me.upload("/transactions/draft/documents", Fixtures.uniquePdf())
        val key = mapOf("Idempotency-Key" to "save-$draftId")
        val answers = all(20) { api.send("POST", "/transactions", BodyPublishers.noBody(), me.token, headers = key) }
        assertOneRecord(me, answers, output)
        assertEquals(draftId, answers.first().text("id"))
        assertEquals(1, answers.first().json.path("documents").size(), "the receipt moved once")
    }

    @Test
    fun `twenty opens of the draft make one draft`() {
        val me = Ledger(api)
        me.account()
        val answers = all(20) { api.send("POST", "/transactions/draft", BodyPublishers.noBody(), me.token) }
        assertEquals(listOf(201) + List(19) { 200 }, answers.map { it.status }.sortedDescending(), answers.toString())
        assertEquals(1, answers.map { it.text("id") }.toSet().size)
    }

    private fun direct(account: String) = mapOf(
        "accountId" to account, "date" to "2026-04-10",
        "items" to listOf(mapOf("id" to UUID.randomUUID().toString(), "amount" to "12.40", "categoryId" to Fixtures.FOOD), mapOf("id" to UUID.randomUUID().toString(), "amount" to "3.10", "categoryId" to Fixtures.FOOD)),
    )

    private fun assertOneRecord(me: Ledger, answers: List<Api.Response>, output: CapturedOutput) {
        assertEquals(listOf(201) + List(19) { 200 }, answers.map { it.status }.sortedDescending(), answers.toString())
        val created = answers.single { it.status == 201 }.json
        answers.forEach { assertEquals(created, it.json, "every answer carries the one record") }
        assertEquals(1, me.get("/transactions").json.path("items").size())
        val totals = me.post("/statistics/summary", emptyMap<String, Any>()).json.path("totals")
        assertEquals(1, totals.sumOf { it.path("transactionCount").asInt() }, "the monthly totals counted it once: $totals")
        assertEquals(created.path("items").size(), totals.sumOf { it.path("itemCount").asInt() })
        assertFalse(output.all.contains("Integrity violation"), "no request hit a unique key")
    }

    /** [n] requests on [n] threads, released at the same instant. */
    private fun all(n: Int, request: () -> Api.Response): List<Api.Response> {
        val pool = Executors.newFixedThreadPool(n)
        try {
            val ready = CountDownLatch(n)
            val go = CountDownLatch(1)
            val futures = List(n) { pool.submit<Api.Response> { ready.countDown(); go.await(); request() } }
            check(ready.await(30, TimeUnit.SECONDS))
            go.countDown()
            return futures.map { it.get(120, TimeUnit.SECONDS) }
        } finally {
            pool.shutdownNow()
        }
    }
}

package outlay.recurring

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.recurring.RecurringApiTest.Companion.rentRule
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.time.Instant
import java.util.UUID
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import kotlin.test.assertEquals

/**
 * Rules that ask first ("confirm"): the producer keeps each due day pending, exactly once like a
 * recorded one; confirming records its transaction once whatever retries or races, skipping
 * records nothing. Rules start in 2031, clear of the real clock's runs.
 */
class RecurringConfirmTest : ApiTest() {
    @Autowired
    private lateinit var producer: RecurringProducer

    private fun at(instant: String) = Instant.parse(instant)

    private fun Ledger.userId() = UUID.fromString(ok(get("/me")).text("id"))

    private fun Ledger.recorded(account: String) =
        ok(get("/transactions?accountId=$account")).json.path("items").values().map { it.path("date").asString() to it.path("total").asString() }

    private fun Ledger.pending() = ok(get("/recurring-rules/pending")).json.values().map { it.path("date").asString() }

    private fun Ledger.confirmRule(account: String): String =
        ok(post("/recurring-rules", rentRule(account, "action" to "confirm", "dayOfMonth" to 1)), 201).also { assertEquals("confirm", it.text("action")) }.text("id")

    @Test
    fun `each due day waits to be confirmed or skipped, once, and the draft is left alone`() {
        val me = Ledger(api)
        val account = me.account()
        val rule = me.confirmRule(account)
        me.newDraft()
        ok(me.put("/transactions/draft", mapOf("accountId" to account, "note" to "my receipt")))
        assertEquals(3, producer.produce(me.userId(), UUID.fromString(rule), at("2031-03-15T12:00:00Z")))
        producer.produceDue(at("2031-03-15T12:00:00Z")) // a rerun, as after a restart, adds nothing
        assertEquals(listOf("2031-01-01", "2031-02-01", "2031-03-01"), me.pending())
        val first = ok(me.get("/recurring-rules/pending")).json[0]
        assertEquals(rule, first.path("ruleId").asString())
        assertEquals("850.00", first.path("total").asString())
        assertEquals(emptyList(), me.recorded(account), "nothing is recorded before it is confirmed")
        assertEquals("my receipt", ok(me.get("/transactions/draft")).text("note"), "the person's draft is not touched")

        val confirmed = ok(me.post("/recurring-rules/$rule/occurrences/2031-01-01/confirm", null), 201)
        assertEquals("recorded", confirmed.text("state"))
        val again = ok(me.post("/recurring-rules/$rule/occurrences/2031-01-01/confirm", null), 200)
        assertEquals(confirmed.text("transactionId"), again.text("transactionId"), "a retry returns the same transaction")
        assertEquals("skipped", ok(me.post("/recurring-rules/$rule/occurrences/2031-02-01/skip", null)).text("state"))
        assertEquals(listOf("2031-01-01" to "850.00"), me.recorded(account))
        assertEquals(listOf("2031-03-01"), me.pending())

        val before = listOf(ok(me.get("/recurring-rules/$rule/occurrences")).body, ok(me.get("/transactions")).body)
        me.post("/recurring-rules/$rule/occurrences/2031-02-01/confirm", null).assertProblem(409, "conflict")
        me.post("/recurring-rules/$rule/occurrences/2031-01-01/skip", null).assertProblem(409, "conflict")
        me.post("/recurring-rules/$rule/occurrences/2031-04-01/confirm", null).assertProblem(404, "not-found")
        me.post("/recurring-rules/$rule/occurrences/2031-02-30/confirm", null).assertProblem(400, "validation")
        me.post("/recurring-rules/${UUID.randomUUID()}/occurrences/2031-03-01/skip", null).assertProblem(404, "not-found")
        assertEquals(before, listOf(ok(me.get("/recurring-rules/$rule/occurrences")).body, ok(me.get("/transactions")).body), "refusals change nothing")
        val states = ok(me.get("/recurring-rules/$rule/occurrences")).json.values().map { it.path("date").asString() to it.path("state").asString() }
        assertEquals(listOf("2031-03-01" to "pending", "2031-02-01" to "skipped", "2031-01-01" to "recorded"), states)
        assertEquals("2031-04-01", ok(me.get("/recurring-rules/$rule")).text("nextDate"), "pending and skipped days count as produced")
    }

    @Test
    fun `two confirmations of one day at once record one transaction`() {
        val me = Ledger(api)
        val account = me.account()
        val rule = me.confirmRule(account)
        producer.produce(me.userId(), UUID.fromString(rule), at("2031-01-02T12:00:00Z"))
        val barrier = CyclicBarrier(2)
        val pool = Executors.newFixedThreadPool(2)
        try {
            val answers = (1..2).map { pool.submit<Int> { barrier.await(); me.post("/recurring-rules/$rule/occurrences/2031-01-01/confirm", null).status } }.map { it.get() }
            assertEquals(listOf(200, 201), answers.sorted())
        } finally {
            pool.shutdown()
        }
        assertEquals(listOf("2031-01-01" to "850.00"), me.recorded(account))
    }
}

package outlay.recurring

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.transaction.support.TransactionTemplate
import outlay.recurring.RecurringApiTest.Companion.rentRule
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import java.time.Instant
import java.util.UUID
import java.util.concurrent.CyclicBarrier
import java.util.concurrent.Executors
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith

/**
 * The producer against the real database, called with explicit instants. The rules start in 2031:
 * the scheduled run on the real clock leaves them alone, so only these calls produce them.
 */
class RecurringProducerTest : ApiTest() {
    @Autowired
    private lateinit var producer: RecurringProducer

    @Autowired
    private lateinit var tx: TransactionTemplate

    private fun at(instant: String) = Instant.parse(instant)

    private fun Ledger.occurrences(rule: String) = ok(get("/recurring-rules/$rule/occurrences")).json.values().map { it.path("date").asString() }

    private fun Ledger.recorded(account: String) =
        ok(get("/transactions?accountId=$account&limit=200")).json.path("items").values().map { it.path("date").asString() to it.path("total").asString() }

    @Test
    fun `monthly on the 31st records the month's last day in short months, once, however often the producer runs`() {
        val me = Ledger(api)
        val account = me.account()
        val rule = ok(me.post("/recurring-rules", rentRule(account, "startDate" to "2031-01-01")), 201).text("id")
        producer.produceDue(at("2031-04-15T12:00:00Z"))
        // a restart is just another run: what was produced is in the database, not in the server
        producer.produceDue(at("2031-04-15T12:00:00Z"))
        producer.produceDue(at("2031-04-20T00:00:00Z"))
        assertEquals(listOf("2031-03-31", "2031-02-28", "2031-01-31"), me.occurrences(rule))
        assertEquals(listOf("2031-03-31" to "850.00", "2031-02-28" to "850.00", "2031-01-31" to "850.00"), me.recorded(account))
        val view = ok(me.get("/recurring-rules/$rule"))
        assertEquals("2031-04-30", view.text("nextDate"))
        assertEquals(3, view.json.path("produced").asInt())
    }

    @Test
    fun `an occurrence is due when its day has come in the user's own time zone`() {
        /** A rule on the 10th for a user in [zone]; the function runs the producer at an instant and gives the occurrence count. */
        fun ruleIn(zone: String): (String) -> Int {
            val me = Ledger(api)
            ok(me.put("/me/preferences", mapOf("timeZone" to zone)))
            val user = UUID.fromString(ok(me.get("/me")).text("id"))
            val rule = ok(me.post("/recurring-rules", rentRule(me.account(), "startDate" to "2036-03-10", "dayOfMonth" to 10)), 201).text("id")
            return { instant -> producer.produce(user, UUID.fromString(rule), at(instant)); me.occurrences(rule).size }
        }
        val auckland = ruleIn("Pacific/Auckland")
        val losAngeles = ruleIn("America/Los_Angeles")
        // 12:00 UTC on the 9th is already 01:00 on the 10th in Auckland, and still the 9th in Los Angeles
        assertEquals(1, auckland("2036-03-09T12:00:00Z"), "Auckland's 10th has begun")
        assertEquals(0, losAngeles("2036-03-09T12:00:00Z"), "Los Angeles is still on the 9th")
        assertEquals(1, losAngeles("2036-03-10T08:00:00Z"), "01:00 on the 10th in Los Angeles")
        assertEquals(1, auckland("2036-03-10T08:00:00Z"), "once")
    }

    @Test
    fun `a crash before the commit records nothing, and the next run produces the occurrence`() {
        val me = Ledger(api)
        val account = me.account()
        val rule = ok(me.post("/recurring-rules", rentRule(account, "startDate" to "2032-03-01", "dayOfMonth" to 1)), 201).text("id")
        assertFailsWith<IllegalStateException> {
            tx.executeWithoutResult {
                producer.produceDue(at("2032-03-01T09:00:00Z"))
                error("the server dies before the commit")
            }
        }
        assertEquals(emptyList(), me.occurrences(rule))
        assertEquals(emptyList(), me.recorded(account))
        assertEquals("2032-03-01", ok(me.get("/recurring-rules/$rule")).text("nextDate"))
        producer.produceDue(at("2032-03-01T09:00:00Z"))
        assertEquals(listOf("2032-03-01"), me.occurrences(rule))
        assertEquals(listOf("2032-03-01" to "850.00"), me.recorded(account))
    }

    @Test
    fun `a server off for a week catches up on every missed day, once each, and none in the future`() {
        val me = Ledger(api)
        val account = me.account()
        val rule = ok(me.post("/recurring-rules", rentRule(account, "unit" to "days", "dayOfMonth" to null, "startDate" to "2033-05-01")), 201).text("id")
        producer.produceDue(at("2033-04-30T23:59:59Z"))
        assertEquals(emptyList(), me.occurrences(rule), "not before its day")
        producer.produceDue(at("2033-05-01T08:00:00Z"))
        assertEquals(listOf("2033-05-01"), me.occurrences(rule))
        producer.produceDue(at("2033-05-08T08:00:00Z"))
        assertEquals((8 downTo 1).map { "2033-05-0$it" }, me.occurrences(rule))
        assertEquals(8, me.recorded(account).size)
        assertEquals("2033-05-09", ok(me.get("/recurring-rules/$rule")).text("nextDate"))
    }

    @Test
    fun `a count or an end date stops the rule`() {
        val me = Ledger(api)
        val account = me.account()
        val counted = ok(me.post("/recurring-rules", rentRule(account, "unit" to "weeks", "dayOfMonth" to null, "startDate" to "2034-01-02", "count" to 2)), 201).text("id")
        val ended = ok(me.post("/recurring-rules", rentRule(account, "unit" to "years", "dayOfMonth" to null, "startDate" to "2030-02-28", "endDate" to "2032-12-31")), 201).text("id")
        producer.produceDue(at("2034-06-01T00:00:00Z"))
        assertEquals(listOf("2034-01-09", "2034-01-02"), me.occurrences(counted))
        assertEquals(listOf("2032-02-28", "2031-02-28", "2030-02-28"), me.occurrences(ended))
        assertEquals("", ok(me.get("/recurring-rules/$counted")).json.path("nextDate").asString(""), "ended: no next date")
    }

    @Test
    fun `a full page of rules not yet due in a western zone does not hide a due rule behind it`() {
        // 2029 lies between the real clock's scheduled runs and every other test's rules: this sweep sees only its own
        val now = at("2029-06-10T10:30:00Z") // 23:30 on the 9th in Pago Pago, 00:30 on the 11th in Kiritimati
        producer.produceDue(now)
        val west = Ledger(api)
        ok(west.put("/me/preferences", mapOf("timeZone" to "Pacific/Pago_Pago")))
        val westAccount = west.account()
        val waiting = (1..101).map {
            ok(west.post("/recurring-rules", rentRule(westAccount, "startDate" to "2029-06-10", "dayOfMonth" to 10)), 201).text("id")
        }
        val east = Ledger(api)
        ok(east.put("/me/preferences", mapOf("timeZone" to "Pacific/Kiritimati")))
        val due = ok(east.post("/recurring-rules", rentRule(east.account(), "startDate" to "2029-06-11", "dayOfMonth" to 11)), 201).text("id")
        assertEquals(1, producer.produceDue(now))
        assertEquals(listOf("2029-06-11"), east.occurrences(due))
        assertEquals(emptyList(), west.occurrences(waiting.last()), "still the 9th in Pago Pago")
    }

    @Test
    fun `two servers on one database racing over the same rules record each occurrence once`() {
        val me = Ledger(api)
        val account = me.account()
        val rules = (1..6).map {
            ok(me.post("/recurring-rules", rentRule(account, "unit" to "days", "dayOfMonth" to null, "startDate" to "2035-07-01")), 201).text("id")
        }
        val barrier = CyclicBarrier(2)
        val pool = Executors.newFixedThreadPool(2)
        try {
            val runs = (1..2).map { pool.submit<Int> { barrier.await(); producer.produceDue(at("2035-07-05T12:00:00Z")) } }
            runs.forEach { it.get() }
        } finally {
            pool.shutdown()
        }
        val days = (5 downTo 1).map { "2035-07-0$it" }
        for (rule in rules) assertEquals(days, me.occurrences(rule), rule)
        assertEquals(30, me.recorded(account).size)
    }
}

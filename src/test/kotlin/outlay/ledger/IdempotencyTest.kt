package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.assertProblem
import java.net.http.HttpRequest.BodyPublishers
import java.util.UUID
import java.util.concurrent.Callable
import java.util.concurrent.Executors
import kotlin.test.assertEquals

/** A retried save never records twice. */
class IdempotencyTest : ApiTest() {

    @Test
    fun `saving the same draft twice returns the same transaction`() {
        val me = Ledger(api)
        me.account()
        val draftId = me.newDraft().path("id").asString()
        me.putItem(UUID.randomUUID(), "4.20")
        val first = me.post("/transactions", mapOf("draftId" to draftId))
        val retry = me.post("/transactions", mapOf("draftId" to draftId))
        assertEquals(201, first.status)
        assertEquals(200, retry.status)
        assertEquals(first.text("id"), retry.text("id"))
        assertEquals(1, me.get("/transactions").json.path("items").size())
    }

    @Test
    fun `the same Idempotency-Key returns the same transaction`() {
        val me = Ledger(api)
        me.account()
        me.newDraft()
        me.putItem(UUID.randomUUID(), "4.20")
        val key = mapOf("Idempotency-Key" to "save-" + UUID.randomUUID())
        val first = api.send("POST", "/transactions", BodyPublishers.noBody(), me.token, headers = key)
        me.newDraft() // a new, empty draft must not be saved by the retry
        val retry = api.send("POST", "/transactions", BodyPublishers.noBody(), me.token, headers = key)
        assertEquals(201, first.status, first.body)
        assertEquals(200, retry.status, retry.body)
        assertEquals(first.text("id"), retry.text("id"))
        assertEquals(1, me.get("/transactions").json.path("items").size())
    }

    @Test
    fun `direct creation is idempotent by key and by client id`() {
        val me = Ledger(api)
        val account = me.account()
        val id = UUID.randomUUID().toString()
        val body = mapOf("id" to id, "accountId" to account, "date" to "2026-05-05", "items" to listOf(mapOf("id" to UUID.randomUUID().toString(), "amount" to "9.99", "categoryId" to outlay.support.Fixtures.FOOD)))
        assertEquals(201, me.post("/transactions", body).status)
        assertEquals(200, me.post("/transactions", body).status)
        val key = mapOf("Idempotency-Key" to UUID.randomUUID().toString())
        val noId = body - "id" + ("items" to listOf(mapOf("amount" to "1.00", "categoryId" to outlay.support.Fixtures.FOOD)))
        val a = api.send("POST", "/transactions", BodyPublishers.ofString(outlay.support.Api.json(noId)), me.token, "application/json", key)
        val b = api.send("POST", "/transactions", BodyPublishers.ofString(outlay.support.Api.json(noId)), me.token, "application/json", key)
        assertEquals(201, a.status, a.body)
        assertEquals(200, b.status, b.body)
        assertEquals(a.text("id"), b.text("id"))
        assertEquals(2, me.get("/transactions").json.path("items").size())
    }

    @Test
    fun `concurrent saves of one draft record it once`() {
        val me = Ledger(api)
        me.account()
        val draftId = me.newDraft().path("id").asString()
        me.putItem(UUID.randomUUID(), "1.00")
        val pool = Executors.newFixedThreadPool(4)
        val results = pool.invokeAll(List(4) { Callable { me.post("/transactions", mapOf("draftId" to draftId)) } }).map { it.get() }
        pool.shutdown()
        assertEquals(listOf(200, 200, 200, 201), results.map { it.status }.sorted(), results.toString())
        assertEquals(setOf(draftId), results.map { it.text("id") }.toSet())
        assertEquals(1, me.get("/transactions").json.path("items").size())
    }

    @Test
    fun `an Idempotency-Key reused with another request is refused and changes nothing`() {
        val me = Ledger(api)
        val account = me.account()
        val key = mapOf("Idempotency-Key" to UUID.randomUUID().toString())
        fun create(amount: String) = api.send(
            "POST", "/transactions",
            BodyPublishers.ofString(outlay.support.Api.json(mapOf("accountId" to account, "date" to "2026-05-05", "items" to listOf(mapOf("amount" to amount, "categoryId" to outlay.support.Fixtures.FOOD))))),
            me.token, "application/json", key,
        )
        assertEquals(201, create("9.99").status)
        create("10.99").assertProblem(422, "idempotency-key-reused")
        me.newDraft()
        me.putItem(UUID.randomUUID(), "1.00")
        api.send("POST", "/transactions", BodyPublishers.noBody(), me.token, headers = key).assertProblem(422, "idempotency-key-reused")
        assertEquals(200, create("9.99").status, "the same request with the key is still a retry")
        assertEquals(listOf("9.99"), me.get("/transactions").json.path("items").values().map { it.path("total").asString() })
        assertEquals(200, me.get("/transactions/draft").status, "the refused save left the draft alone")
    }
}

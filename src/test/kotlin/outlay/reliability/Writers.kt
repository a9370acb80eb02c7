package outlay.reliability

import outlay.support.Api
import outlay.support.Fixtures
import java.io.IOException
import java.net.http.HttpRequest.BodyPublishers
import java.security.MessageDigest
import java.util.HexFormat
import java.util.UUID
import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.Executors
import java.util.concurrent.Future
import java.util.concurrent.atomic.AtomicBoolean
import java.util.concurrent.atomic.AtomicInteger
import kotlin.random.Random

/** A user the writers write for: a session and an account. */
data class Writer(val session: Api.Session, val accountId: String)

/** A transaction the server acknowledged (2xx) and the SHA-256 of the receipt it carries, if any. */
data class Acknowledged(val token: String, val id: String, val receiptSha256: String?)

/**
 * Concurrent clients creating transactions until stopped or until the server goes away:
 * direct creations with client-chosen ids, and (one thread per user, since a user has one draft)
 * the draft flow with a receipt upload, saved with an Idempotency-Key. Every 2xx-acknowledged
 * transaction is recorded; any other answer is recorded as a failure.
 */
class Writers(private val users: List<Writer>, private val threadsPerUser: Int, private val baseUrl: () -> String) {
    val acknowledged = ConcurrentHashMap<String, Acknowledged>()
    val failures = ConcurrentLinkedQueue<String>()
    val attempts = AtomicInteger()
    private val categories = listOf(Fixtures.FOOD, Fixtures.RENT)

    /** Writes until [stop] is set or the connection is refused; returns when every thread has ended. */
    fun run(stop: AtomicBoolean) {
        val pool = Executors.newFixedThreadPool(users.size * threadsPerUser)
        val futures = mutableListOf<Future<*>>()
        users.forEachIndexed { u, user ->
            repeat(threadsPerUser) { t -> futures += pool.submit { loop(user, draftFlow = t == 0, Random(u * 31 + t + System.nanoTime()), stop) } }
        }
        futures.forEach { it.get() }
        pool.shutdown()
    }

    private fun loop(user: Writer, draftFlow: Boolean, random: Random, stop: AtomicBoolean) {
        val api = Api(baseUrl())
        try {
            while (!stop.get()) {
                attempts.incrementAndGet()
                if (draftFlow && random.nextInt(4) == 0) saveDraft(api, user, random) else create(api, user, random)
            }
        } catch (e: IOException) {
            // the server is gone (killed): this writer's run ends; the request in flight is unacknowledged
        }
    }

    private fun create(api: Api, user: Writer, random: Random) {
        val id = UUID.randomUUID().toString()
        val items = (1..(1 + random.nextInt(3))).map {
            // a reduction is under 10.00 and the first item at least 20.00, so even two reductions never exceed the total
            val reduction = it > 1 && random.nextInt(5) == 0
            mapOf("id" to UUID.randomUUID().toString(), "amount" to "${if (reduction) random.nextInt(1, 10) else random.nextInt(20, 500)}.${random.nextInt(10, 99)}",
                "categoryId" to categories.random(random), "isReduction" to reduction)
        }
        val date = "2025-${(1 + random.nextInt(12)).toString().padStart(2, '0')}-${(1 + random.nextInt(28)).toString().padStart(2, '0')}"
        val response = api.post("/transactions", mapOf("id" to id, "accountId" to user.accountId, "date" to date, "items" to items), user.session.accessToken)
        if (response.status == 201 || response.status == 200) acknowledged[id] = Acknowledged(user.session.accessToken, id, null)
        else failures += "POST /transactions: $response"
    }

    private fun saveDraft(api: Api, user: Writer, random: Random) {
        val token = user.session.accessToken
        val draft = api.send("POST", "/transactions/draft", BodyPublishers.noBody(), token)
        if (draft.status !in 200..201) { failures += "POST /transactions/draft: $draft"; return }
        val receipt = Fixtures.uniquePdf()
        val upload = api.upload("/transactions/draft/documents", token, receipt, "receipt.pdf", mapOf("kind" to "receipt"))
        if (upload.status !in 200..201) { failures += "upload: $upload"; return }
        val item = api.put("/transactions/draft/items/${UUID.randomUUID()}", mapOf("amount" to "${random.nextInt(1, 99)}.50", "categoryId" to Fixtures.FOOD), token)
        if (item.status !in 200..201) { failures += "PUT item: $item"; return }
        val key = UUID.randomUUID().toString()
        val saved = api.send("POST", "/transactions", BodyPublishers.noBody(), token, headers = mapOf("Idempotency-Key" to key))
        if (saved.status == 201 || saved.status == 200) {
            val id = saved.text("id")
            acknowledged[id] = Acknowledged(token, id, sha256(receipt))
        } else failures += "save draft: $saved"
    }

    companion object {
        fun sha256(bytes: ByteArray): String = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
    }
}

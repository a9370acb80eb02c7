package outlay.reliability

import outlay.support.Api
import outlay.support.TestDatabase
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.sql.DriverManager
import java.util.UUID

/**
 * What a restarted server still holds, checked against what clients were told: every
 * acknowledged transaction is there with its receipt, the pre-aggregated monthly totals equal
 * the statistics computed from the items, and every stored-file row has its bytes.
 */
object LedgerAudit {
    /** The ids of every transaction of the token's user, through the API's pages. */
    fun transactionIds(api: Api, token: String): Set<String> {
        val ids = mutableSetOf<String>()
        var cursor: String? = null
        do {
            val page = api.get("/transactions?limit=200" + (cursor?.let { "&cursor=$it" } ?: ""), token)
            check(page.status == 200) { "list failed: $page" }
            page.json.path("items").values().forEach { ids += it.path("id").asString() }
            cursor = page.json.path("nextCursor").asString().ifEmpty { null }?.takeUnless { it == "null" }
        } while (cursor != null)
        return ids
    }

    /** Acknowledged transactions the server no longer has (must be none). */
    fun lost(api: Api, acknowledged: Collection<Acknowledged>): List<Acknowledged> =
        acknowledged.groupBy { it.token }.flatMap { (token, mine) ->
            val present = transactionIds(api, token)
            mine.filter { it.id !in present }
        }

    /** Acknowledged receipts whose download is missing or has other bytes (must be none). */
    fun badReceipts(api: Api, acknowledged: Collection<Acknowledged>): List<String> {
        val client = HttpClient.newHttpClient()
        return acknowledged.filter { it.receiptSha256 != null }.mapNotNull { ack ->
            val transaction = api.get("/transactions/${ack.id}", ack.token)
            if (transaction.status != 200) return@mapNotNull "${ack.id}: $transaction"
            val hashes = transaction.json.path("documents").values().map { doc ->
                val request = HttpRequest.newBuilder(URI.create(api.baseUrl + doc.path("url").asString()))
                    .header("Authorization", "Bearer ${ack.token}").build()
                val body = client.send(request, HttpResponse.BodyHandlers.ofByteArray())
                if (body.statusCode() == 200) Writers.sha256(body.body()) else "status ${body.statusCode()}"
            }
            if (ack.receiptSha256 in hashes) null else "${ack.id}: receipt ${ack.receiptSha256} not among $hashes"
        }
    }

    /** Endpoints whose answer from the monthly totals differs from the answer computed from the items. */
    fun statisticsMismatches(api: Api, token: String): List<String> {
        val allDays = mapOf("weekdays" to (1..7).toList()) // the same rows, but computed from the items
        return listOf("categories?rollUp=false", "categories?rollUp=true", "summary", "timeline?granularity=month", "accounts", "sellers?limit=200")
            .flatMap { endpoint ->
                listOf(emptyMap(), mapOf("from" to "2025-02-12", "to" to "2025-11-03")).mapNotNull { range ->
                    val fromTotals = api.post("/statistics/$endpoint", range, token)
                    val fromItems = api.post("/statistics/$endpoint", range + allDays, token)
                    if (fromTotals.status == 200 && fromTotals.body == fromItems.body) null
                    else "$endpoint $range: totals $fromTotals, items $fromItems"
                }
            }
    }

    /**
     * Stored-file rows of these users whose bytes are missing or differ (must be none), read
     * straight from the database and the data directory. On the embedded database the server
     * must be stopped first (it holds the file).
     */
    fun filesWithoutBytes(dataDir: Path, userIds: Collection<UUID>): List<String> {
        val (url, user) = when (TestDatabase.kind) {
            "postgresql" -> System.getenv("OUTLAY_TEST_PG_URL") to (System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay")
            else -> "jdbc:h2:file:${dataDir.resolve("outlay")};MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE" to "sa"
        }
        val rows = DriverManager.getConnection(url, user, "").use { c ->
            c.prepareStatement("select user_id, sha256 from stored_file where user_id = any(?)").use { s ->
                s.setArray(1, c.createArrayOf("uuid", userIds.toTypedArray()))
                s.executeQuery().use { r -> generateSequence { if (r.next()) r.getString(1) to r.getString(2) else null }.toList() }
            }
        }
        return rows.mapNotNull { (userId, sha) ->
            val file = dataDir.resolve("files").resolve(userId).resolve(sha.take(2)).resolve(sha)
            when {
                !Files.exists(file) -> "$userId/$sha: no bytes"
                Writers.sha256(Files.readAllBytes(file)) != sha -> "$userId/$sha: other bytes"
                else -> null
            }
        }
    }
}

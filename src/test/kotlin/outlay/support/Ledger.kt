package outlay.support

import tools.jackson.databind.JsonNode
import java.util.UUID

/** One signed-in user's view of the ledger API, for building test data through the real server. */
class Ledger(val api: Api, val session: Api.Session = api.newSession()) {
    val token: String get() = session.accessToken

    fun get(path: String) = api.get(path, token)
    fun post(path: String, body: Any?) = api.post(path, body, token)
    fun put(path: String, body: Any?) = api.put(path, body, token)
    fun delete(path: String) = api.delete(path, token)
    fun upload(path: String, bytes: ByteArray, filename: String = "receipt.pdf", fields: Map<String, String> = emptyMap()) =
        api.upload(path, token, bytes, filename, fields)

    fun account(name: String = "Checking", currency: String = "EUR"): String =
        ok(post("/accounts", mapOf("name" to name, "currency" to currency)), 201).text("id")

    fun newDraft(): JsonNode = ok(api.send("POST", "/transactions/draft", java.net.http.HttpRequest.BodyPublishers.noBody(), token), 201).json

    fun item(amount: String, category: String = Fixtures.FOOD, vararg extra: Pair<String, Any?>): Map<String, Any?> =
        mapOf("amount" to amount, "categoryId" to category) + extra

    fun putItem(id: UUID, amount: String, category: String = Fixtures.FOOD, vararg extra: Pair<String, Any?>) =
        put("/transactions/draft/items/$id", item(amount, category, *extra))

    /** A transaction created directly, with the given items (ids are generated). */
    fun transaction(accountId: String, date: String, vararg items: Map<String, Any?>, extra: Map<String, Any?> = emptyMap()): Api.Response =
        post("/transactions", mapOf("accountId" to accountId, "date" to date, "items" to items.map { mapOf("id" to UUID.randomUUID().toString()) + it }) + extra)

    companion object {
        fun ok(response: Api.Response, status: Int = 200): Api.Response {
            check(response.status == status) { "expected $status, got $response" }
            return response
        }
    }
}

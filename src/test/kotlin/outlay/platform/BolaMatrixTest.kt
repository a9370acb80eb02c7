package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.recurring.RecurringApiTest
import outlay.recurring.RecurringProducer
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import tools.jackson.databind.JsonNode
import java.time.Instant
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * Broken object-level authorization, tried on every operation the OpenAPI document lists that
 * takes an id in its path or body: user A uses user B's ids and gets 404 (400 for references
 * inside a body), and B's data reads back unchanged. An id-taking operation without a case here
 * fails the test, so a new endpoint cannot ship without its cross-user check.
 */
class BolaMatrixTest : ApiTest() {
    @Autowired
    private lateinit var producer: RecurringProducer

    private class Case(val expected: Int, val call: (Ledger) -> Api.Response)

    @Test
    fun `another user's ids are not found, on every id-taking operation, and change nothing`() {
        val b = Ledger(api)
        val account = b.account()
        val category = ok(b.post("/categories", mapOf("name" to "Mine", "icon" to "star")), 201).text("id")
        val seller = ok(b.post("/sellers", mapOf("name" to "Shop", "locations" to listOf(mapOf("virtual" to true)))), 201)
        val sellerId = seller.text("id")
        val locationId = seller.json.path("locations")[0].path("id").asString()
        b.newDraft()
        ok(b.put("/transactions/draft", mapOf("accountId" to account, "date" to "2026-01-15", "sellerId" to sellerId, "sellerLocationId" to locationId)))
        val savedItem = UUID.randomUUID()
        ok(b.putItem(savedItem, "5.00", category))
        ok(b.upload("/transactions/draft/documents", Fixtures.uniquePdf()), 201)
        ok(b.upload("/transactions/draft/items/$savedItem/images", Fixtures.PNG, "a.png"), 201)
        val saved = ok(b.post("/transactions", null), 201).json
        val transaction = saved.path("id").asString()
        val documentUrl = saved.path("documents")[0].path("url").asString()
        val imageUrl = saved.path("items")[0].path("images")[0].path("url").asString()
        val savedDocument = saved.path("documents")[0].path("id").asString()
        val savedImage = saved.path("items")[0].path("images")[0].path("id").asString()
        b.newDraft()
        ok(b.put("/transactions/draft", mapOf("accountId" to account)))
        val draftItem = UUID.randomUUID()
        ok(b.putItem(draftItem, "1.00", category))
        val draftDocument = ok(b.upload("/transactions/draft/documents", Fixtures.uniquePdf()), 201).text("id")
        val draftImage = ok(b.upload("/transactions/draft/items/$draftItem/images", Fixtures.JPEG, "b.jpg"), 201).text("id")
        val session = ok(b.get("/me/sessions")).json[0].path("id").asString()
        val account2 = b.account("Savings")
        val transfer = ok(b.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to account, "toAccountId" to account2, "date" to "2026-01-16", "amount" to "2.00")), 201).text("id")
        val rule = ok(b.post("/recurring-rules", RecurringApiTest.rentRule(account)), 201).text("id")
        // a rule that asks first, with its first day pending
        val asking = ok(b.post("/recurring-rules", RecurringApiTest.rentRule(account, "action" to "confirm", "dayOfMonth" to 1)), 201).text("id")
        producer.produce(UUID.fromString(ok(b.get("/me")).text("id")), UUID.fromString(asking), Instant.parse("2031-01-02T12:00:00Z"))
        ok(b.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        ok(b.put("/budgets/$category", mapOf("amount" to "40.00")))
        ok(b.put("/rates/USD/EUR/2026-01-15", mapOf("rate" to "0.92")))
        val import = ok(b.upload("/imports", "date,amount,description\n2026-01-02,1.00,Bread\n".toByteArray(), "statement.csv"), 201).text("id")

        val a = Ledger(api)
        val mine = a.account()
        val mine2 = a.account("Savings")
        fun transferBody(from: String, to: String) =
            mapOf("id" to UUID.randomUUID(), "fromAccountId" to from, "toAccountId" to to, "date" to "2026-01-17", "amount" to "1.00")
        a.newDraft()
        val item = mapOf("amount" to "1.00", "categoryId" to Fixtures.FOOD)
        val header = mapOf("accountId" to mine, "date" to "2026-01-15", "items" to listOf(item + ("id" to UUID.randomUUID().toString())))
        val statistics = { path: String -> Case(400) { it.post(path, mapOf("accountIds" to listOf(account), "categoryIds" to listOf(category), "sellerIds" to listOf(sellerId))) } }
        val cases = mapOf(
            "GET /accounts/{id}" to Case(404) { it.get("/accounts/$account") },
            "PUT /accounts/{id}" to Case(404) { it.put("/accounts/$account", mapOf("name" to "Taken", "currency" to "EUR")) },
            "DELETE /accounts/{id}" to Case(404) { it.delete("/accounts/$account") },
            "GET /categories/{id}" to Case(404) { it.get("/categories/$category") },
            "PUT /categories/{id}" to Case(404) { it.put("/categories/$category", mapOf("name" to "Taken", "icon" to "star")) },
            "DELETE /categories/{id}" to Case(404) { it.delete("/categories/$category") },
            "POST /categories" to Case(400) { it.post("/categories", mapOf("name" to "Child", "icon" to "star", "parentId" to category)) },
            "GET /sellers/{id}" to Case(404) { it.get("/sellers/$sellerId") },
            "PUT /sellers/{id}" to Case(404) { it.put("/sellers/$sellerId", mapOf("name" to "Taken")) },
            "DELETE /sellers/{id}" to Case(404) { it.delete("/sellers/$sellerId") },
            "POST /sellers/{sellerId}/locations" to Case(404) { it.post("/sellers/$sellerId/locations", mapOf("virtual" to true)) },
            "PUT /sellers/{sellerId}/locations/{locationId}" to Case(404) { it.put("/sellers/$sellerId/locations/$locationId", mapOf("virtual" to true)) },
            "DELETE /sellers/{sellerId}/locations/{locationId}" to Case(404) { it.delete("/sellers/$sellerId/locations/$locationId") },
            "GET /transactions/{id}" to Case(404) { it.get("/transactions/$transaction") },
            "PUT /transactions/{id}" to Case(404) { it.put("/transactions/$transaction", header) },
            "DELETE /transactions/{id}" to Case(404) { it.delete("/transactions/$transaction") },
            "POST /transactions/{id}/documents" to Case(404) { it.upload("/transactions/$transaction/documents", Fixtures.uniquePdf()) },
            "DELETE /transactions/{id}/documents/{documentId}" to Case(404) { it.delete("/transactions/$transaction/documents/$savedDocument") },
            "POST /transactions/{id}/items/{itemId}/images" to Case(404) { it.upload("/transactions/$transaction/items/$savedItem/images", Fixtures.WEBP, "c.webp") },
            "DELETE /transactions/{id}/items/{itemId}/images/{imageId}" to Case(404) { it.delete("/transactions/$transaction/items/$savedItem/images/$savedImage") },
            "POST /transactions" to Case(400) { it.post("/transactions", header + ("accountId" to account)) },
            "PUT /transactions/draft" to Case(400) { it.put("/transactions/draft", mapOf("accountId" to mine, "sellerId" to sellerId)) },
            // Item ids are the client's and scoped to its user: B's id is simply a new item in A's draft.
            "PUT /transactions/draft/items/{itemId}" to Case(200) { it.put("/transactions/draft/items/$draftItem", item) },
            "DELETE /transactions/draft/items/{itemId}" to Case(404) { it.delete("/transactions/draft/items/$savedItem") },
            "POST /transactions/draft/items/{itemId}/images" to Case(404) { it.upload("/transactions/draft/items/$savedItem/images", Fixtures.PNG, "a.png") },
            "DELETE /transactions/draft/items/{itemId}/images/{id}" to Case(404) { it.delete("/transactions/draft/items/$draftItem/images/$draftImage") },
            "DELETE /transactions/draft/documents/{id}" to Case(404) { it.delete("/transactions/draft/documents/$draftDocument") },
            "GET /documents/{id}" to Case(404) { it.get(documentUrl) },
            "GET /images/{id}" to Case(404) { it.get(imageUrl) },
            "DELETE /me/sessions/{id}" to Case(404) { it.delete("/me/sessions/$session") },
            "POST /imports/{id}/preview" to Case(404) { it.post("/imports/$import/preview", mapOf("accountId" to mine)) },
            "POST /imports/{id}/confirm" to Case(404) { it.post("/imports/$import/confirm", mapOf("accountId" to mine)) },
            "POST /exports/transactions.csv" to statistics("/exports/transactions.csv"),
            "GET /transfers/{id}" to Case(404) { it.get("/transfers/$transfer") },
            "PUT /transfers/{id}" to Case(404) { it.put("/transfers/$transfer", transferBody(mine, mine2)) },
            "DELETE /transfers/{id}" to Case(404) { it.delete("/transfers/$transfer") },
            "POST /transfers" to Case(400) { it.post("/transfers", transferBody(mine, account)) },
            "GET /recurring-rules/{id}" to Case(404) { it.get("/recurring-rules/$rule") },
            "GET /recurring-rules/{id}/occurrences" to Case(404) { it.get("/recurring-rules/$rule/occurrences") },
            "PUT /recurring-rules/{id}" to Case(404) { it.put("/recurring-rules/$rule", RecurringApiTest.rentRule(mine)) },
            "DELETE /recurring-rules/{id}" to Case(404) { it.delete("/recurring-rules/$rule") },
            "POST /recurring-rules" to Case(400) { it.post("/recurring-rules", RecurringApiTest.rentRule(account)) },
            "POST /recurring-rules/{id}/occurrences/{date}/confirm" to Case(404) { it.post("/recurring-rules/$asking/occurrences/2031-01-01/confirm", null) },
            "POST /recurring-rules/{id}/occurrences/{date}/skip" to Case(404) { it.post("/recurring-rules/$asking/occurrences/2031-01-01/skip", null) },
            "PUT /budgets/{target}" to Case(404) { it.put("/budgets/$category", mapOf("amount" to "1.00")) },
            "DELETE /budgets/{target}" to Case(404) { it.delete("/budgets/$category") },
            "DELETE /rates/{base}/{quote}/{day}" to Case(404) { it.delete("/rates/USD/EUR/2026-01-15") },
            // Rates are keyed by user, pair and day: B's pair and day is simply a rate of A's own (after the delete above).
            "PUT /rates/{base}/{quote}/{day}" to Case(200) { it.put("/rates/USD/EUR/2026-01-15", mapOf("rate" to "0.5")) },
        ) + listOf("summary", "categories", "timeline", "accounts", "sellers", "transactions").associate {
            "POST /statistics/$it" to statistics("/statistics/$it")
        }

        assertEquals(idTakingOperations(), cases.keys, "every id-taking operation in /v3/api-docs has exactly one case here")

        val before = snapshot(b, account, category, sellerId, transaction)
        for ((operation, case) in cases) {
            val response = case.call(a)
            assertEquals(case.expected, response.status, "$operation: $response")
            if (response.status >= 400) assertEquals("application/problem+json", response.header("Content-Type"), operation)
        }
        // the body-reference variant of the client-chosen item id
        assertEquals(400, a.put("/transactions/draft/items/${UUID.randomUUID()}", mapOf("amount" to "1.00", "categoryId" to category)).status)
        // the draft takes no id: A opening and discarding a draft only ever reaches A's own
        val opened = a.post("/transactions/draft", null)
        assertEquals(200, opened.status, opened.body)
        assertTrue(opened.text("id") != ok(b.get("/transactions/draft")).text("id"))
        assertEquals(204, a.delete("/transactions/draft").status)
        assertEquals(before, snapshot(b, account, category, sellerId, transaction), "B's data reads back unchanged")
        assertEquals(200, b.get("/me").status, "B's session still works")
    }

    /** Everything B can read that A might have touched, as B sees it. */
    private fun snapshot(b: Ledger, account: String, category: String, seller: String, transaction: String): List<String> =
        listOf("/accounts", "/accounts/$account", "/categories?includeArchived=true", "/categories/$category", "/sellers", "/sellers/$seller",
            "/transactions", "/transactions/$transaction", "/transactions/draft", "/me/sessions", "/transfers", "/recurring-rules", "/recurring-rules/pending", "/budgets",
            "/budgets/status?month=2026-01", "/rates").map { "$it ${ok(b.get(it)).body}" }

    /** Operations with a path parameter or a UUID anywhere in their JSON or multipart body. */
    private fun idTakingOperations(): Set<String> {
        val doc = api.get("/v3/api-docs").json
        val schemas = doc.path("components").path("schemas")
        fun hasUuid(schema: JsonNode, seen: MutableSet<String> = mutableSetOf()): Boolean {
            val ref = schema.path("\$ref").asString("")
            if (ref.isNotEmpty()) return seen.add(ref) && hasUuid(schemas.path(ref.substringAfterLast('/')), seen)
            if (schema.path("format").asString("") == "uuid") return true
            // an optional body is documented as `anyOf: [its schema, null]`
            val alternatives = listOf("anyOf", "oneOf", "allOf").flatMap { schema.path(it).values() }
            return schema.path("properties").values().any { hasUuid(it, seen) } || (schema.has("items") && hasUuid(schema.path("items"), seen)) ||
                alternatives.any { hasUuid(it, seen) }
        }
        return doc.path("paths").properties().flatMap { (path, item) ->
            item.properties().filter { (_, op) ->
                op.path("parameters").values().any { it.path("in").asString() == "path" } ||
                    op.path("requestBody").path("content").values().any { hasUuid(it.path("schema")) }
            }.map { (method, _) -> "${method.uppercase()} $path" }
        }.toSet()
    }
}

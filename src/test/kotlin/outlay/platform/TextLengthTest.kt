package outlay.platform

import org.junit.jupiter.api.Test
import outlay.recurring.RecurringApiTest
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.net.URLEncoder
import java.util.UUID
import kotlin.test.assertEquals

/**
 * A text limit counts Unicode code points everywhere: in the document (JSON Schema's maxLength),
 * in the server's validation and in both databases. Each kind of limit is tried at exactly its
 * length in emoji (code points beyond the BMP, two UTF-16 units each): accepted, stored and read
 * back intact; one more is a 400 naming the field, and nothing changes.
 */
class TextLengthTest : ApiTest() {

    @Test
    fun `an account's name, institution and reference at their limits in emoji`() {
        val me = Ledger(api)
        val body = mapOf("name" to emoji(100), "institution" to emoji(100), "referenceNumber" to emoji(64), "currency" to "EUR")
        val id = ok(me.post("/accounts", body), 201).text("id")
        val stored = ok(me.get("/accounts/$id"))
        for (field in listOf("name", "institution", "referenceNumber")) assertEquals(body[field], stored.text(field), field)
        val before = me.get("/accounts").body
        for ((field, limit) in listOf("name" to 100, "institution" to 100, "referenceNumber" to 64)) {
            refused(me.post("/accounts", body + (field to emoji(limit + 1))), field, "must be at most $limit characters")
            refused(me.put("/accounts/$id", body + (field to emoji(limit + 1))), field, "must be at most $limit characters")
        }
        assertEquals(before, me.get("/accounts").body, "nothing changed")
    }

    @Test
    fun `a seller's name and a location's name and address at their limits in emoji`() {
        val me = Ledger(api)
        val location = mapOf("name" to emoji(200), "address" to emoji(500), "virtual" to true)
        val seller = ok(me.post("/sellers", mapOf("name" to emoji(200), "locations" to listOf(location))), 201)
        val read = ok(me.get("/sellers/${seller.text("id")}")).json
        assertEquals(emoji(200), read.path("name").asString())
        assertEquals(emoji(200), read.path("locations").path(0).path("name").asString())
        assertEquals(emoji(500), read.path("locations").path(0).path("address").asString())
        val before = me.get("/sellers").body
        refused(me.post("/sellers", mapOf("name" to emoji(201))), "name", "must be at most 200 characters")
        refused(me.post("/sellers", mapOf("name" to "Shop", "locations" to listOf(location + ("address" to emoji(501))))), "locations[0].address", "must be at most 500 characters")
        refused(me.put("/sellers/${seller.text("id")}", mapOf("name" to emoji(201))), "name", "must be at most 200 characters")
        assertEquals(before, me.get("/sellers").body, "nothing changed")
    }

    @Test
    fun `a transaction's note and an item's texts at their limits in emoji, and the list's text filter`() {
        val me = Ledger(api)
        val account = me.account()
        val texts = arrayOf<Pair<String, Any?>>("description" to emoji(200), "brand" to emoji(100), "variation" to emoji(100))
        val created = ok(me.transaction(account, "2026-03-01", me.item("2.50", Fixtures.FOOD, *texts), extra = mapOf("note" to emoji(500))), 201)
        val read = ok(me.get("/transactions/${created.text("id")}")).json
        assertEquals(emoji(500), read.path("note").asString())
        for ((field, value) in texts) assertEquals(value, read.path("items").path(0).path(field).asString(), field)
        val before = me.get("/transactions").body
        refused(me.transaction(account, "2026-03-02", me.item("1.00", Fixtures.FOOD, "description" to emoji(201))), "items[0].description", "must be at most 200 characters")
        refused(me.transaction(account, "2026-03-02", me.item("1.00"), extra = mapOf("note" to emoji(501))), "note", "must be at most 500 characters")
        assertEquals(before, me.get("/transactions").body, "nothing changed")

        // a query parameter's limit, 1 to 100
        assertEquals(200, me.get("/transactions?text=${query(emoji(100))}").status)
        refused(me.get("/transactions?text=${query(emoji(101))}"), "text", "must be 1 to 100 characters")
        refused(me.get("/transfers?text=${query(emoji(101))}"), "text", "must be 1 to 100 characters")
    }

    @Test
    fun `a transfer's note, a recurring rule's name and its twenty items at their limits`() {
        val me = Ledger(api)
        val from = me.account("From")
        val to = me.account("To")
        val transfer = mapOf("id" to UUID.randomUUID().toString(), "fromAccountId" to from, "toAccountId" to to, "date" to "2026-03-01", "amount" to "10.00", "note" to emoji(500))
        val made = ok(me.post("/transfers", transfer), 201)
        assertEquals(emoji(500), ok(me.get("/transfers/${made.text("id")}")).text("note"))
        refused(me.post("/transfers", transfer + mapOf("id" to UUID.randomUUID().toString(), "note" to emoji(501))), "note", "must be at most 500 characters")

        // the rule's template is stored as JSON: twenty items of the longest texts fit it on both databases
        val items = List(20) { mapOf("amount" to "1.00", "categoryId" to Fixtures.FOOD, "description" to emoji(200), "brand" to emoji(100), "variation" to emoji(100)) }
        val rule = RecurringApiTest.rentRule(from, "name" to emoji(100), "note" to emoji(500), "items" to items)
        val stored = ok(me.get("/recurring-rules/${ok(me.post("/recurring-rules", rule), 201).text("id")}")).json
        assertEquals(emoji(100), stored.path("name").asString())
        assertEquals(emoji(500), stored.path("note").asString())
        assertEquals(emoji(200), stored.path("items").path(19).path("description").asString())
        // and so do texts JSON escapes to two characters each (quotes, backslashes, line breaks)
        val escaped = List(20) { mapOf("amount" to "1.00", "categoryId" to Fixtures.FOOD, "description" to "\"".repeat(200), "brand" to "\\".repeat(100), "variation" to "\n".repeat(100)) }
        val quoted = RecurringApiTest.rentRule(from, "note" to "\"".repeat(500), "items" to escaped)
        val storedQuotes = ok(me.get("/recurring-rules/${ok(me.post("/recurring-rules", quoted), 201).text("id")}")).json
        assertEquals("\"".repeat(500), storedQuotes.path("note").asString())
        assertEquals("\n".repeat(100), storedQuotes.path("items").path(19).path("variation").asString())
        val before = me.get("/recurring-rules").body
        refused(me.post("/recurring-rules", RecurringApiTest.rentRule(from, "name" to emoji(101))), "name", "must be 1 to 100 characters")
        assertEquals(before, me.get("/recurring-rules").body, "nothing changed")
    }

    @Test
    fun `an imported description is kept up to 200 emoji and a longer one cut to 200 code points`() {
        val me = Ledger(api)
        val account = me.account()
        val csv = "date,amount,description\n2026-03-01,-1.00,${emoji(200)}\n2026-03-02,-2.00,${emoji(150)}${emoji(150)}\n"
        val id = ok(me.upload("/imports", csv.toByteArray(), "statement.csv"), 201).text("id")
        val rows = ok(me.post("/imports/$id/preview", mapOf("accountId" to account))).json.path("rows")
        assertEquals(emoji(200), rows.path(0).path("items").path(0).path("description").asString())
        assertEquals(emoji(150) + emoji(49) + "…", rows.path(1).path("items").path(0).path("description").asString())
        ok(me.post("/imports/$id/confirm", mapOf("accountId" to account)), 201)
        val stored = me.get("/transactions").json.path("items").values().map { it.path("items").path(0).path("description").asString() }
        assertEquals(listOf(emoji(150) + emoji(49) + "…", emoji(200)), stored)
    }

    @Test
    fun `a display name of 100 emoji registers and 101 is refused`() {
        val email = Api.uniqueEmail()
        assertEquals(201, api.register(email, displayName = emoji(100)).status)
        val token = api.login(email).text("accessToken")
        assertEquals(emoji(100), ok(api.get("/me", token)).text("displayName"))
        refused(api.register(Api.uniqueEmail(), displayName = emoji(101)), "displayName", "must be at most 100 characters")
    }

    @Test
    fun `the document publishes the limits the server applies, in code points`() {
        val schemas = ok(api.get("/v3/api-docs")).json.path("components").path("schemas")
        fun length(schema: String, field: String) = schemas.path(schema).path("properties").path(field).let { it.path("minLength").asInt(-1) to it.path("maxLength").asInt(-1) }
        assertEquals(0 to 100, length("AccountRequest", "name"))
        assertEquals(0 to 64, length("AccountRequest", "referenceNumber"))
        assertEquals(0 to 200, length("ItemRequest", "description"))
        assertEquals(0 to 500, length("TransactionRequest", "note"))
        assertEquals(1 to 100, length("RuleRequest", "name"))
        assertEquals(-1 to -1, length("AccountRequest", "currency"), "no limit where the server has none")
        val text = ok(api.get("/v3/api-docs")).json.path("paths").path("/transactions").path("get").path("parameters")
            .first { it.path("name").asString() == "text" }.path("schema")
        assertEquals(1 to 100, text.path("minLength").asInt() to text.path("maxLength").asInt())
    }

    @Test
    fun `an uploaded file's name is kept to 255 characters, never cut inside an emoji`() {
        val me = Ledger(api)
        val id = ok(me.transaction(me.account(), "2026-03-01", me.item("2.50", Fixtures.FOOD)), 201).text("id")
        // the 255th character is an emoji: cut by UTF-16 units, half of it would remain (and H2's varchar(255) would refuse 256 units)
        val name = "a".repeat(254) + emoji(3) + ".pdf" // a part's headers are at most 512 bytes (Tomcat), so not all emoji
        val document = ok(me.upload("/transactions/$id/documents", Fixtures.uniquePdf(), name), 201)
        assertEquals("a".repeat(254) + emoji(1), document.text("filename"))
        val read = ok(me.get("/transactions/$id")).json.path("documents").path(0)
        assertEquals("a".repeat(254) + emoji(1), read.path("filename").asString(), "stored whole, on both databases")
    }

    private fun refused(response: Api.Response, field: String, message: String) {
        response.assertProblem(400, "validation")
        assertEquals(listOf(field), response.errorFields, response.body)
        assertEquals(message, response.json.path("errors")[0].path("message").asString())
    }

    private companion object {
        /** [n] code points beyond the BMP (2n UTF-16 units), different ones so a cut would show. */
        fun emoji(n: Int): String = buildString { repeat(n) { appendCodePoint(0x1F600 + it % 64) } }

        fun query(text: String): String = URLEncoder.encode(text, Charsets.UTF_8)
    }
}

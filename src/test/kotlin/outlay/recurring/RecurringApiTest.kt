package outlay.recurring

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class RecurringApiTest : ApiTest() {

    @Test
    fun `a rule is created once, read, edited and deleted, and a retry with its id returns it unchanged`() {
        val me = Ledger(api)
        val account = me.account("Checking", "EUR")
        val body = rentRule(account)
        val created = ok(me.post("/recurring-rules", body), 201)
        assertEquals("/recurring-rules/${body["id"]}", created.header("Location"))
        assertEquals("2031-01-31", created.text("nextDate"))
        assertEquals("850.00", created.json.path("items").path(0).path("amount").asString())
        assertEquals(created.body, ok(me.post("/recurring-rules", body + ("name" to "Other")), 200).body, "a retry returns the rule it made")
        assertEquals(created.body, ok(me.get("/recurring-rules/${body["id"]}")).body)

        val edited = ok(me.put("/recurring-rules/${body["id"]}", body + mapOf("lastDay" to true, "dayOfMonth" to null, "startDate" to "2031-02-01")))
        assertEquals("2031-02-28", edited.text("nextDate"), "the last day of February")
        assertEquals(1, ok(me.get("/recurring-rules")).json.size())
        assertEquals(0, ok(me.get("/recurring-rules/${body["id"]}/occurrences")).json.size())

        assertEquals(204, me.delete("/recurring-rules/${body["id"]}").status)
        me.get("/recurring-rules/${body["id"]}").assertProblem(404, "not-found")
        assertEquals(404, me.delete("/recurring-rules/${body["id"]}").status)
        assertEquals(0, ok(me.get("/recurring-rules")).json.size())
    }

    @Test
    fun `bad input is a clear problem and changes nothing`() {
        val me = Ledger(api)
        val eur = me.account("Checking", "EUR")
        val theirs = Ledger(api).account("Theirs", "EUR")
        ok(me.post("/recurring-rules", rentRule(eur)), 201)
        val before = me.get("/recurring-rules").body
        val cases = listOf(
            rentRule(eur, "count" to 0) to listOf("count"),
            rentRule(eur, "every" to 0) to listOf("every"),
            rentRule(eur, "endDate" to "2031-01-01") to listOf("endDate"),
            // monthly on the 5th from the 10th to the 20th: no day ever comes
            rentRule(eur, "startDate" to "2031-01-10", "dayOfMonth" to 5, "endDate" to "2031-01-20") to listOf("endDate"),
            rentRule(eur, "unit" to null) to listOf("unit"),
            rentRule(eur, "startDate" to null) to listOf("startDate"),
            rentRule(eur, "name" to null) to listOf("name"),
            rentRule(eur, "unit" to "weeks", "dayOfMonth" to 3) to listOf("dayOfMonth"),
            rentRule(theirs) to listOf("accountId"),
            rentRule(UUID.randomUUID().toString()) to listOf("accountId"),
            rentRule(eur, "items" to listOf(mapOf("amount" to "850.001", "categoryId" to Fixtures.RENT))) to listOf("items[0].amount"),
            rentRule(eur, "items" to emptyList<Any>()) to listOf("items"),
        )
        for ((body, fields) in cases) {
            val response = me.post("/recurring-rules", body)
            response.assertProblem(400, "validation")
            assertEquals(fields, response.errorFields, "$body: $response")
        }
        assertEquals(before, me.get("/recurring-rules").body, "refused rules change nothing")
    }

    @Test
    fun `another user's rule is not found by any endpoint and stays unchanged`() {
        val me = Ledger(api)
        val mine = ok(me.post("/recurring-rules", rentRule(me.account())), 201)
        val id = mine.text("id")
        val other = Ledger(api)
        val theirAccount = other.account()
        other.get("/recurring-rules/$id").assertProblem(404, "not-found")
        other.get("/recurring-rules/$id/occurrences").assertProblem(404, "not-found")
        other.put("/recurring-rules/$id", rentRule(theirAccount)).assertProblem(404, "not-found")
        other.delete("/recurring-rules/$id").assertProblem(404, "not-found")
        assertEquals(0, ok(other.get("/recurring-rules")).json.size())
        // the same client id for another user's rule is that user's own new rule, not a retry of mine
        val theirs = ok(other.post("/recurring-rules", rentRule(theirAccount, "id" to id)), 201)
        assertEquals(theirAccount, theirs.text("accountId"))
        assertEquals(mine.body, ok(me.get("/recurring-rules/$id")).body)
    }

    @Test
    fun `the OpenAPI document describes the rules`() {
        val doc = ok(api.get("/v3/api-docs")).json
        assertTrue(doc.path("paths").has("/recurring-rules/{id}/occurrences"))
        assertTrue(doc.path("components").path("schemas").has("RuleRequest"))
    }

    companion object {
        fun rentRule(accountId: String, vararg extra: Pair<String, Any?>): Map<String, Any?> = mapOf(
            "id" to UUID.randomUUID().toString(), "name" to "Rent", "accountId" to accountId,
            "items" to listOf(mapOf("amount" to "850.00", "categoryId" to Fixtures.RENT, "description" to "Rent")),
            "every" to 1, "unit" to "months", "dayOfMonth" to 31, "startDate" to "2031-01-01",
        ) + extra
    }
}

package outlay.recurring

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.recurring.RecurringApiTest.Companion.rentRule
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.time.Instant
import java.util.UUID
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * What a recurring rule records with cannot be deleted from under it: an account or a category
 * is refused (naming the rule), a seller is archived, as when a transaction uses them; the
 * rule still records. Another person's rule never holds anything of mine.
 */
class RuleReferencesTest : ApiTest() {
    @Autowired
    private lateinit var producer: RecurringProducer

    private fun Ledger.seller(name: String) = ok(post("/sellers", mapOf("name" to name)), 201).text("id")

    private fun Ledger.category(name: String) = ok(post("/categories", mapOf("name" to name, "icon" to "home")), 201).text("id")

    private fun Ledger.snapshot() = listOf("/accounts?includeArchived=true", "/categories?includeArchived=true", "/sellers", "/recurring-rules").map { ok(get(it)).body }

    @Test
    fun `an account only a rule records into is neither deleted nor archived, and the refusal names the rule`() {
        val me = Ledger(api)
        val account = me.account("Checking", "EUR")
        val rule = ok(me.post("/recurring-rules", rentRule(account, "name" to "Flat rent")), 201).text("id")
        val before = me.snapshot()
        val refused = me.delete("/accounts/$account")
        refused.assertProblem(409, "conflict")
        assertContains(refused.text("detail"), "\u201cFlat rent\u201d")
        me.put("/accounts/$account", mapOf("name" to "Checking", "currency" to "EUR", "archived" to true)).assertProblem(409, "conflict")
        me.put("/accounts/$account", mapOf("name" to "Checking", "currency" to "JPY")).assertProblem(409, "conflict")
        assertEquals(before, me.snapshot(), "nothing changed")

        // moved to another account, the rule lets go of this one
        val other = me.account("Savings", "EUR")
        ok(me.put("/recurring-rules/$rule", rentRule(other, "name" to "Flat rent")))
        assertEquals(204, me.delete("/accounts/$account").status)
    }

    @Test
    fun `a category only a rule's items use is not deleted, and the refusal names the rule`() {
        val me = Ledger(api)
        val account = me.account()
        val flat = me.category("Flat")
        val items = listOf(mapOf("amount" to "800.00", "categoryId" to Fixtures.RENT), mapOf("amount" to "50.00", "categoryId" to flat))
        val rule = ok(me.post("/recurring-rules", rentRule(account, "name" to "Flat rent", "items" to items)), 201).text("id")
        val before = me.snapshot()
        val refused = me.delete("/categories/$flat")
        refused.assertProblem(409, "category-in-use")
        assertContains(refused.text("detail"), "\u201cFlat rent\u201d")
        assertEquals(before, me.snapshot(), "nothing changed")

        ok(me.put("/recurring-rules/$rule", rentRule(account, "name" to "Flat rent")))
        assertEquals(204, me.delete("/categories/$flat").status, "the edited rule no longer uses it")
    }

    @Test
    fun `a seller only a rule names is archived, not deleted, and the rule still records with it`() {
        val me = Ledger(api)
        val account = me.account()
        val landlord = me.seller("Landlord")
        val rule = ok(me.post("/recurring-rules", rentRule(account, "sellerId" to landlord)), 201).text("id")
        val archived = ok(me.delete("/sellers/$landlord"))
        assertTrue(archived.json.path("archived").asBoolean())
        assertEquals(landlord, ok(me.get("/recurring-rules/$rule")).text("sellerId"))
        producer.produce(UUID.fromString(ok(me.get("/me")).text("id")), UUID.fromString(rule), Instant.parse("2031-01-31T12:00:00Z"))
        assertEquals(landlord, ok(me.get("/transactions?accountId=$account")).json.path("items").path(0).path("sellerId").asString(), "recorded with it")

        val agent = me.seller("Agent")
        val other = ok(me.post("/recurring-rules", rentRule(account, "sellerId" to agent)), 201).text("id")
        ok(me.put("/recurring-rules/$other", rentRule(account)))
        assertEquals(204, me.delete("/sellers/$agent").status, "the edited rule no longer names it")
    }

    @Test
    fun `another person's rule never holds my account, category or seller`() {
        val me = Ledger(api)
        val account = me.account()
        val category = me.category("Mine")
        val seller = me.seller("Mine")
        val other = Ledger(api)
        val theirs = other.account()
        ok(other.post("/recurring-rules", rentRule(theirs, "sellerId" to other.seller("Theirs"), "items" to listOf(mapOf("amount" to "1.00", "categoryId" to other.category("Theirs"))))), 201)
        // they cannot make a rule of my ids
        for ((field, body) in listOf(
            "accountId" to rentRule(account),
            "sellerId" to rentRule(theirs, "sellerId" to seller),
            "items[0].categoryId" to rentRule(theirs, "items" to listOf(mapOf("amount" to "1.00", "categoryId" to category))),
        )) {
            val refused = other.post("/recurring-rules", body)
            refused.assertProblem(400, "validation")
            assertEquals(listOf(field), refused.errorFields)
        }
        val theirRules = ok(other.get("/recurring-rules")).body
        assertEquals(204, me.delete("/categories/$category").status)
        assertEquals(204, me.delete("/sellers/$seller").status)
        assertEquals(204, me.delete("/accounts/$account").status)
        assertEquals(theirRules, ok(other.get("/recurring-rules")).body)
    }
}

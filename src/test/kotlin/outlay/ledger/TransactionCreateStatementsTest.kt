package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.StatementCounter
import outlay.support.TestDatabase
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * A direct create with a client-chosen id (how a client that retries writes) within its statement budget, and its
 * retries finding the first record: also after the account was archived, when the retry's own checks fail.
 */
class TransactionCreateStatementsTest : ApiTest() {

    @Test
    fun `a create with a client id stays within its budget and its retries find it, also after its account was archived`() {
        val me = Ledger(api)
        val account = me.account()
        val id = UUID.randomUUID().toString()
        val body = mapOf(
            "id" to id, "accountId" to account, "date" to "2026-05-05",
            "items" to listOf(mapOf("id" to UUID.randomUUID().toString(), "amount" to "9.99", "categoryId" to Fixtures.FOOD)),
        )
        val (created, sql) = statements.capture { me.post("/transactions", body) }
        assertEquals(201, created.status, created.body)
        val counted = sql.filterNot { StatementCounter.isSessionCheck(it) }
        // PostgreSQL: the account and the categories, the header (skipped on a retry), the user's lock for the totals,
        // then the items and the totals as one statement. H2 takes the lock first and looks for an earlier record
        // before writing, and runs the items and totals one by one.
        val budget = if (TestDatabase.kind == "postgresql") 5 else 8
        assertTrue(counted.size <= budget, "${counted.size} statements, budget $budget:\n${counted.joinToString("\n")}")

        val retry = me.post("/transactions", body)
        assertEquals(200, retry.status, retry.body)
        assertEquals(id, retry.text("id"))

        assertEquals(200, me.delete("/accounts/$account").status) // referenced, so archived
        val late = me.post("/transactions", body)
        assertEquals(200, late.status, late.body)
        assertEquals(id, late.text("id"))
        val other = me.post("/transactions", body + ("id" to UUID.randomUUID().toString()))
        assertEquals(400, other.status, other.body) // the account is archived
        assertEquals(1, me.get("/transactions").json.path("items").size())
    }
}

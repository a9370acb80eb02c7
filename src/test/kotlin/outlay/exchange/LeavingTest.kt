package outlay.exchange

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.recurring.RecurringApiTest
import outlay.recurring.RecurringProducer
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.assertProblem
import java.nio.file.Files
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class LeavingTest : ApiTest() {
    @Autowired
    lateinit var db: DSLContext

    @Autowired
    lateinit var recurring: RecurringProducer

    /** A user with a row in every kind of table: accounts, own categories, sellers and locations, saved transactions with
     *  a document and an item image, a transfer, an exchange rate, a draft with a document and an item image, a confirmed and a pending import, a recurring rule with an occurrence, a budget. */
    private fun busyUser(): Pair<Ledger, UUID> {
        val user = Ledger(api)
        val account = user.account("Checking", "EUR")
        val savings = user.account("Savings", "EUR")
        Ledger.ok(user.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to account, "toAccountId" to savings, "date" to "2026-03-02", "amount" to "5.00")), 201)
        Ledger.ok(user.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "Europe/Vienna")))
        Ledger.ok(user.put("/rates/USD/EUR/2026-03-02", mapOf("rate" to "0.92")))
        val parent = Ledger.ok(user.post("/categories", mapOf("name" to "Hobbies", "icon" to "category")), 201).text("id")
        Ledger.ok(user.post("/categories", mapOf("name" to "Models", "icon" to "category", "parentId" to parent)), 201)
        Ledger.ok(user.put("/budgets/$parent", mapOf("amount" to "50.00")))
        Ledger.ok(user.post("/sellers", mapOf("name" to "Corner shop", "locations" to listOf(mapOf("latitude" to 48.1, "longitude" to 11.5, "virtual" to false)))), 201)
        user.newDraft()
        Ledger.ok(user.put("/transactions/draft", mapOf("accountId" to account, "date" to "2026-03-01")))
        Ledger.ok(user.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "receipt.pdf", mapOf("kind" to "receipt")), 201)
        val item = UUID.randomUUID()
        Ledger.ok(user.putItem(item, "9.99", parent))
        Ledger.ok(user.upload("/transactions/draft/items/$item/images", Fixtures.JPEG + UUID.randomUUID().toString().toByteArray(), "a.jpg"), 201)
        Ledger.ok(user.post("/transactions", emptyMap<String, Any>()), 201)
        user.newDraft()
        Ledger.ok(user.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "next.pdf", mapOf("kind" to "invoice")), 201)
        val next = UUID.randomUUID()
        Ledger.ok(user.putItem(next, "1.00"))
        Ledger.ok(user.upload("/transactions/draft/items/$next/images", Fixtures.PNG + UUID.randomUUID().toString().toByteArray(), "b.png"), 201)
        val imported = Ledger.ok(user.upload("/imports", SampleFiles.bytes("debit-credit.csv"), "a.csv"), 201).text("id")
        Ledger.ok(user.post("/imports/$imported/confirm", mapOf("accountId" to account)), 201)
        Ledger.ok(user.upload("/imports", SampleFiles.bytes("splits.qif"), "pending.qif"), 201)
        Ledger.ok(user.post("/recurring-rules", RecurringApiTest.rentRule(account, "unit" to "days", "dayOfMonth" to null, "startDate" to "2026-03-05", "count" to 1)), 201)
        recurring.produceDue(clock.instant()) // the rule's one occurrence
        return user to UUID.fromString(user.get("/me").text("id"))
    }

    /** Rows per table with a user_id column (and the users row itself). */
    private fun rowsOf(userId: UUID): Map<String, Int> {
        val tables = db.resultQuery(
            "select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema()",
        ).fetch { it.get(0, String::class.java) }
        return tables.associateWith { db.fetchCount(DSL.table(DSL.name(it)), DSL.field(DSL.name("user_id")).eq(userId)) } +
            ("users" to db.fetchCount(DSL.table(DSL.name("users")), DSL.field(DSL.name("id")).eq(userId)))
    }

    private fun filesOf(userId: UUID) = storedFiles().filter { it.toString().contains(userId.toString()) } +
        dataDir.resolve("imports").resolve(userId.toString()).let { d -> if (Files.exists(d)) Files.walk(d).use { s -> s.filter(Files::isRegularFile).toList() } else emptyList() }

    @Test
    fun `leaving needs the password, then removes every row and file of the user and nothing of anyone else`() {
        val (ann, annId) = busyUser()
        val (bob, bobId) = busyUser()
        val annRows = rowsOf(annId)
        assertTrue(annRows.filterKeys { it != "refresh_token" }.values.all { it > 0 }, "the set-up touches every table: $annRows")
        val bobBefore = rowsOf(bobId)
        val bobFiles = filesOf(bobId)
        assertEquals(5, filesOf(annId).size, "two documents, two images and a pending upload")

        ann.post("/me/delete", mapOf("password" to "not my password")).assertProblem(403, "forbidden")
        assertEquals(annRows, rowsOf(annId))

        assertEquals(204, ann.post("/me/delete", mapOf("password" to ann.session.password)).status)
        assertEquals(rowsOf(annId).mapValues { 0 }, rowsOf(annId))
        assertEquals(emptyList(), filesOf(annId))
        assertEquals(401, api.login(ann.session.email, ann.session.password).status)
        assertEquals(bobBefore, rowsOf(bobId))
        assertEquals(bobFiles, filesOf(bobId))
        assertEquals(200, bob.get("/transactions").status)
    }
}

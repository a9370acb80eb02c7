package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.StatementCounter
import outlay.support.TestDatabase
import java.net.http.HttpRequest.BodyPublishers
import java.nio.file.Files
import java.nio.file.Path
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The SQL statements of each request of the performance lab's 16-request flow
 * (`bench/lab/src/test/kotlin/outlay/lab/FlowSimulation.kt`), in its order and with its bodies:
 * each route has a budget, and the flow a total. The table lands in `target/flow-statements-<database>.md`, each
 * request's SQL in `target/flow-statements-<database>.sql`.
 * A request may also check, once per `outlay.auth.session-check-interval`, that its session is
 * still open: that lookup is left out, so the counts do not depend on how fast the machine is.
 */
class FlowStatementsTest : ApiTest() {

    @Test
    fun `each request of the lab's flow stays within its statement budget`() {
        val email = Api.uniqueEmail()
        ok(api.register(email), 201)
        val counts = linkedMapOf<String, Int>()
        val transactions = linkedMapOf<String, Int>()
        val texts = StringBuilder()
        fun <T> step(name: String, request: () -> T): T {
            val (result, sql) = statements.capture(request)
            val counted = sql.filter { name == "01 login" || !StatementCounter.isSessionCheck(it) }
            counts[name] = counted.size
            transactions[name] = statements.transactions
            texts.append("## $name\n").append(counted.joinToString("") { "$it\n" })
            return result
        }
        val login = step("01 login") { ok(api.login(email)) }
        val token = login.text("accessToken")
        val me = Ledger(api, Api.Session(email, Api.PASSWORD, token, login.text("refreshToken")))
        ok(me.post("/accounts", mapOf("name" to "Card", "currency" to "USD")), 201)
        ok(me.post("/accounts", mapOf("name" to "Wallet", "currency" to "EUR")), 201)
        // as in the lab's data: earlier expenses at a seller, in the filter's first (partial) month and in a whole one
        val wallet = me.get("/accounts").json.first { it.path("currency").asString() == "EUR" }.path("id").asString()
        val seller = ok(me.post("/sellers", mapOf("name" to "Corner shop")), 201).text("id")
        for (date in listOf("2025-03-25", "2025-11-10")) ok(me.transaction(wallet, date, me.item("9.99"), extra = mapOf("sellerId" to seller)), 201)
        val draft = step("02 create draft") { ok(me.post("/transactions/draft", mapOf("timeZone" to "Europe/Berlin")), 201) }.text("id")
        step("03 get draft") { ok(me.get("/transactions/draft")) }
        step("04 get categories") { ok(me.get("/categories")) }
        val account = step("05 get accounts") { ok(me.get("/accounts")) }.json.first { it.path("currency").asString() == "USD" }.path("id").asString()
        val items = List(3) { UUID.randomUUID().toString() }
        val body = mapOf(
            "accountId" to account, "direction" to "expense", "mode" to "card", "date" to "2026-03-14", "note" to "Weekly shop",
            "items" to items.mapIndexed { i, id -> mapOf("id" to id, "amount" to "${i + 3}.49", "description" to "Thing $i", "categoryId" to Fixtures.FOOD) },
        )
        step("06 update draft") { ok(me.put("/transactions/draft", body)) }
        step("07 upload document") { ok(me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "receipt.pdf", mapOf("kind" to "receipt")), 201) }
        step("08 update item") {
            ok(me.put("/transactions/draft/items/${items[1]}", mapOf("amount" to "7.50", "quantity" to 2, "description" to "Olive oil", "brand" to "Acme", "categoryId" to Fixtures.FOOD)))
        }
        step("09 save") {
            ok(api.send("POST", "/transactions", BodyPublishers.ofString("""{"draftId":"$draft"}"""), token, "application/json", mapOf("Idempotency-Key" to draft)), 201)
        }
        step("10 list") { ok(me.get("/transactions?limit=50")) }
        // the lab's filter: the last twelve months up to a day in the middle of a month, so partial months at both ends
        val filter = mapOf("from" to "2025-03-20", "to" to "2026-03-20", "direction" to "expense")
        step("11 statistics summary") { ok(me.post("/statistics/summary", filter)) }
        step("12 statistics categories") { ok(me.post("/statistics/categories?rollUp=true", filter)) }
        step("13 statistics timeline") { ok(me.post("/statistics/timeline?granularity=month", filter)) }
        step("14 statistics accounts") { ok(me.post("/statistics/accounts", filter)) }
        step("15 statistics sellers") { ok(me.post("/statistics/sellers?limit=10", filter)) }
        step("16 statistics transactions") { ok(me.post("/statistics/transactions?limit=50", mapOf("categoryIds" to listOf(Fixtures.FOOD)))) }

        val total = counts.values.sum()
        val postgres = TestDatabase.kind == "postgresql"
        val budget = BUDGET + (if (postgres) POSTGRESQL else emptyMap())
        val limit = if (postgres) POSTGRESQL_TOTAL else TOTAL
        val table = listOf("| request | statements | budget | transactions |", "|---|---:|---:|---:|") +
            counts.map { (name, n) -> "| $name | $n | ${budget[name]} | ${transactions[name]} |" } +
            "| **flow** | **$total** | **$limit** | **${transactions.values.sum()}** |"
        Files.createDirectories(Path.of("target"))
        Files.writeString(Path.of("target", "flow-statements-${TestDatabase.kind}.md"), table.joinToString("\n", postfix = "\n"))
        Files.writeString(Path.of("target", "flow-statements-${TestDatabase.kind}.sql"), texts)
        assertEquals(budget.keys, counts.keys)
        val over = counts.filter { (name, n) -> n > budget.getValue(name) }
        assertTrue(over.isEmpty(), "over budget: $over\n${table.joinToString("\n")}")
        assertTrue(total <= limit, "the flow takes $total statements, budget $limit\n${table.joinToString("\n")}")
        // a write is one transaction (all or nothing); a read needs none: a BEGIN and a COMMIT would be two statements more
        assertEquals(counts.keys.associateWith { if (it in WRITES) 1 else 0 }, transactions, table.joinToString("\n"))
    }

    private companion object {
        /**
         * Today's counts on H2, each statement of a JDBC batch counted: a change that adds a statement to a route
         * fails here first. PostgreSQL differs where writes that need nothing from each other go as one statement
         * (`ledger/JoinedWrites`), which H2 cannot; the draft's edits write their items in the statement that reads the
         * draft, where H2 runs the read and each write apart (and the update's removal of items not listed even when none is).
         */
        val BUDGET = linkedMapOf(
            "01 login" to 2, "02 create draft" to 1, "03 get draft" to 1, "04 get categories" to 1, "05 get accounts" to 1,
            "06 update draft" to 4, "07 upload document" to 3, "08 update item" to 3, "09 save" to 8, "10 list" to 4,
            "11 statistics summary" to 1, "12 statistics categories" to 1, "13 statistics timeline" to 1,
            "14 statistics accounts" to 1, "15 statistics sellers" to 1, "16 statistics transactions" to 1,
        )
        const val TOTAL = 34
        val POSTGRESQL = mapOf("06 update draft" to 2, "07 upload document" to 2, "08 update item" to 2, "09 save" to 3)
        const val POSTGRESQL_TOTAL = 25 // #14 asks for 25 at most

        /** The requests that write; the others only read. */
        val WRITES = setOf("01 login", "02 create draft", "06 update draft", "07 upload document", "08 update item", "09 save")
    }
}

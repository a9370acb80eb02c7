package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import java.time.LocalDate
import java.util.UUID
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Opening, current and running balances, checked against a plain recomputation from what was stored. */
class BalanceTest : ApiTest() {

    @Test
    fun `an opening balance is set on create, kept when left out, changed on update, and refused when over-precise`() {
        val me = Ledger(api)
        val card = ok(me.post("/accounts", mapOf("name" to "Card", "currency" to "EUR", "openingBalance" to "-250.5")), 201)
        assertEquals(listOf("-250.50", "-250.50"), listOf("openingBalance", "balance").map { card.text(it) })
        val id = card.text("id")
        ok(me.transaction(id, "2026-01-03", me.item("10.00")), 201)
        assertEquals("-260.50", ok(me.get("/accounts/$id")).text("balance"))
        assertEquals("-250.50", ok(me.put("/accounts/$id", mapOf("name" to "Card 2", "currency" to "EUR"))).text("openingBalance"))
        val changed = ok(me.put("/accounts/$id", mapOf("name" to "Card", "currency" to "EUR", "openingBalance" to "100")))
        assertEquals(listOf("100.00", "90.00"), listOf("openingBalance", "balance").map { changed.text(it) })
        val before = ok(me.get("/accounts")).body
        for (bad in listOf("1.001", "12,50", "abc", "1e5")) {
            val refused = me.put("/accounts/$id", mapOf("name" to "Card", "currency" to "EUR", "openingBalance" to bad))
            refused.assertProblem(400, "validation")
            assertEquals(listOf("openingBalance"), refused.errorFields, refused.body)
        }
        me.post("/accounts", mapOf("name" to "Yen", "currency" to "JPY", "openingBalance" to "1.5")).assertProblem(400, "validation")
        assertEquals(before, ok(me.get("/accounts")).body, "refused changes changed nothing")
    }

    /** One entry of an account's list as the model holds it: what it moved on that account. */
    private data class Move(val id: String, val date: LocalDate, val minor: Long)

    private class Account(val id: String, val currency: String, var openingMinor: Long)

    private fun format(minor: Long, currency: String) = if (currency == "JPY") "$minor" else java.math.BigDecimal.valueOf(minor, 2).toPlainString()

    @Test
    fun `balances stay equal to a recomputation through random creates, edits, deletes and transfers of past entries`() {
        val random = Random(20261123)
        val me = Ledger(api)
        val accounts = listOf("EUR" to 10_000L, "EUR" to -5_000L, "JPY" to 30_000L).mapIndexed { i, (currency, opening) ->
            Account(ok(me.post("/accounts", mapOf("name" to "Account $i", "currency" to currency, "openingBalance" to format(opening, currency))), 201).text("id"), currency, opening)
        }
        val transactions = mutableMapOf<String, Pair<Account, Move>>()
        val transfers = mutableMapOf<String, List<Pair<Account, Move>>>()
        fun date() = LocalDate.of(2025, 11, 1).plusDays(random.nextLong(150))
        fun amount() = 1L + random.nextLong(20_000)

        fun writeTransaction(id: String?) {
            val account = accounts.random(random)
            val date = date()
            val income = random.nextInt(4) == 0
            val amounts = List(1 + random.nextInt(3)) { amount() }
            val reduction = if (amounts.size > 1 && random.nextBoolean()) amounts.min() / 2 else 0
            val items = amounts.map { me.item(format(it, account.currency), Fixtures.FOOD) } +
                listOfNotNull(if (reduction > 0) me.item(format(reduction, account.currency), Fixtures.FOOD, "isReduction" to true) else null)
            val body = mapOf("accountId" to account.id, "date" to date.toString(), "direction" to if (income) "income" else "expense",
                "items" to items.map { mapOf("id" to UUID.randomUUID().toString()) + it })
            val total = amounts.sum() - reduction
            val saved = if (id == null) ok(me.post("/transactions", body), 201) else ok(me.put("/transactions/$id", body))
            val savedId = saved.text("id")
            transactions[savedId] = account to Move(savedId, date, if (income) total else -total)
        }

        fun writeTransfer(id: String?) {
            val (from, to) = accounts.shuffled(random).take(2)
            val date = date()
            val sent = amount()
            val received = if (from.currency == to.currency) sent else amount()
            val transferId = id ?: UUID.randomUUID().toString()
            val body = mapOf("id" to transferId, "fromAccountId" to from.id, "toAccountId" to to.id, "date" to date.toString(),
                "amount" to format(sent, from.currency), "receivedAmount" to format(received, to.currency))
            if (id == null) ok(me.post("/transfers", body), 201) else ok(me.put("/transfers/$id", body))
            transfers[transferId] = listOf(from to Move(transferId, date, -sent), to to Move(transferId, date, received))
        }

        fun check(step: Int) {
            val listed = ok(me.get("/accounts")).json.values().associate { it.path("id").asString() to it.path("balance").asString() }
            for (account in accounts) {
                val moves = (transactions.values.filter { it.first == account } + transfers.values.flatten().filter { it.first == account }).map { it.second }
                assertEquals(format(account.openingMinor + moves.sumOf { it.minor }, account.currency), listed[account.id], "step $step: current balance of ${account.currency}")
                // the list's order: date, then id as unsigned bytes (lower-case hex compares the same way)
                val ordered = moves.sortedWith(compareBy<Move> { it.date }.thenBy { it.id.replace("-", "") })
                val expected = ordered.runningFold(account.openingMinor) { sum, m -> sum + m.minor }.drop(1).zip(ordered)
                    .map { (balance, m) -> m.id to format(balance, account.currency) }.reversed()
                val seen = mutableListOf<Pair<String, String>>()
                var cursor: String? = null
                do {
                    val page = ok(me.get("/transactions?accountId=${account.id}&limit=7" + (cursor?.let { "&cursor=$it" } ?: ""))).json
                    seen += page.path("items").values().map { it.path("id").asString() to it.path("balance").asString() }
                    cursor = page.path("nextCursor").takeIf { !it.isNull }?.asString()
                } while (cursor != null)
                assertEquals(expected, seen, "step $step: running balances of ${account.currency}")
            }
        }

        repeat(70) { step ->
            when (random.nextInt(10)) {
                0, 1, 2 -> writeTransaction(null)
                3 -> transactions.keys.randomOrNull(random)?.let { writeTransaction(it) } ?: writeTransaction(null)
                4 -> transactions.keys.randomOrNull(random)?.let { assertEquals(204, me.delete("/transactions/$it").status); transactions.remove(it) }
                5, 6 -> writeTransfer(null)
                7 -> transfers.keys.randomOrNull(random)?.let { writeTransfer(it) } ?: writeTransfer(null)
                8 -> transfers.keys.randomOrNull(random)?.let { assertEquals(204, me.delete("/transfers/$it").status); transfers.remove(it) }
                else -> accounts.random(random).let { a ->
                    a.openingMinor = random.nextLong(-20_000, 20_000)
                    ok(me.put("/accounts/${a.id}", mapOf("name" to "Account", "currency" to a.currency, "openingBalance" to format(a.openingMinor, a.currency))))
                }
            }
            if (step % 10 == 9) check(step)
        }
        assertTrue(transactions.size > 5 && transfers.size > 3, "the sequence exercised both kinds: ${transactions.size} transactions, ${transfers.size} transfers")
    }

    @Test
    fun `balances cost the same statements for one transaction as for many months of them`() {
        val me = Ledger(api)
        val a = me.account("A", "EUR")
        val b = me.account("B", "EUR")
        ok(me.transaction(a, "2026-01-05", me.item("1.00")), 201)
        fun counts() = listOf("/accounts", "/accounts/$a", "/transactions?accountId=$a").map { path -> statements.count { ok(me.get(path)) }.second }
        val small = counts()
        repeat(24) { i ->
            ok(me.transaction(a, LocalDate.of(2024, 1, 10).plusMonths(i.toLong()).toString(), me.item("${i + 1}.00")), 201)
            ok(me.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to b, "toAccountId" to a, "date" to LocalDate.of(2024, 1, 11).plusMonths(i.toLong()).toString(), "amount" to "2.00")), 201)
        }
        val large = counts()
        assertEquals(small, large, "statements of GET /accounts, /accounts/{id}, /transactions?accountId= for 1 vs 49 entries")
        assertTrue(large[0] <= 1, "GET /accounts: the accounts with their balances in one statement; took ${large[0]}")
        assertTrue(large[2] <= 6, "an account's list: headers, transfers, items with their images, documents, the account, its balance before the page; took ${large[2]}")
    }
}

package outlay.ledger.statistics

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import tools.jackson.databind.JsonNode
import java.time.LocalDate
import java.util.UUID
import kotlin.random.Random
import kotlin.test.assertEquals

/**
 * Property-style check: random ledgers for several users (three currencies with 0, 2 and 3
 * decimals, reductions, nested categories, images, documents, dates across month, year and
 * ISO-week edges), random filters, and every statistics endpoint compared with a plain
 * computation over what the test stored.
 */
class StatisticsExactnessTest : ApiTest() {
    private val digits = mapOf("EUR" to 2, "JPY" to 0, "BHD" to 3)
    private val modes = listOf("card", "transfer", "cash", "other")
    private val words = listOf("bread", "milk", "Coffee", "rent", "gift", "tram", "book", "50%_off")

    private inner class UserLedger(seed: Int) {
        val random = Random(seed)
        val me = Ledger(api)
        val accounts = digits.keys.associateBy { me.account("Acc $it", it) }
        val hobbies: UUID = UUID.fromString(me.post("/categories", mapOf("name" to "Hobbies", "icon" to "toys")).text("id"))
        val models: UUID = UUID.fromString(me.post("/categories", mapOf("name" to "Models", "icon" to "build", "parentId" to hobbies.toString())).text("id"))
        val bakery: UUID = UUID.fromString(me.post("/categories", mapOf("name" to "Bakery", "icon" to "bakery_dining", "parentId" to Fixtures.FOOD)).text("id"))
        val food: UUID = UUID.fromString(Fixtures.FOOD)
        val rent: UUID = UUID.fromString(Fixtures.RENT)
        val categories = listOf(food, rent, hobbies, models, bakery)
        val parents: Map<UUID, UUID?> = mapOf(food to null, rent to null, hobbies to null, models to hobbies, bakery to food)
        val labels = me.get("/categories").json.values().associate { it.path("id").asString() to label(it, it.path("parentId")) }
        val sellers = (1..3).map { UUID.fromString(me.post("/sellers", mapOf("name" to "Shop $it")).text("id")) }
        val transactions = (1..40).map { record(it) }.toMutableList()
        val model: StatisticsModel

        init {
            // edits that move transactions between months and categories, and deletions, so the
            // statistics must follow every kind of write
            repeat(6) { edit(random.nextInt(transactions.size)) }
            repeat(3) { transactions.removeAt(random.nextInt(transactions.size)).also { Ledger.ok(me.delete("/transactions/${it.id}"), 204) } }
            model = StatisticsModel(transactions, parents)
        }

        private fun edit(index: Int) {
            val old = transactions[index]
            val date = old.date.plusDays(random.nextLong(-40, 40))
            val first = old.items.first().copy(categoryId = categories[random.nextInt(categories.size)], minor = old.items.first().minor + 7)
            val items = listOf(first) + old.items.drop(1)
            val scale = digits.getValue(old.currency)
            val body = mapOf(
                "accountId" to old.accountId.toString(), "direction" to old.direction, "mode" to old.mode, "date" to date.toString(),
                "sellerId" to old.sellerId?.toString(), "note" to old.note,
                "items" to items.map { mapOf("id" to it.id.toString(), "amount" to StatisticsModel.money(it.minor, scale), "categoryId" to it.categoryId.toString(), "isReduction" to it.reduction, "description" to it.description) },
            )
            Ledger.ok(me.put("/transactions/${old.id}", body))
            transactions[index] = old.copy(date = date, items = items)
        }

        private fun record(n: Int): ModelTransaction {
            val (accountId, currency) = accounts.entries.elementAt(random.nextInt(accounts.size)).let { UUID.fromString(it.key) to it.value }
            val date = LocalDate.of(2023, 12, 20).plusDays(random.nextLong(80)) // Dec 2023 .. Mar 2024
            val direction = if (random.nextInt(5) == 0) "income" else "expense"
            val mode = modes[random.nextInt(modes.size)]
            val seller = if (random.nextBoolean()) sellers[random.nextInt(sellers.size)] else null
            val note = "${words[random.nextInt(words.size)]} $n"
            val scale = digits.getValue(currency)
            val count = 1 + random.nextInt(4)
            var running = 0L
            val items = (0 until count).map { position ->
                val reduction = position > 0 && random.nextInt(4) == 0
                val minor = if (reduction) random.nextLong(0, running / 2 + 1) else random.nextLong(1, 100_000)
                running += if (reduction) -minor else minor
                ModelItem(UUID.randomUUID(), position, minor, reduction, categories[random.nextInt(categories.size)], words[random.nextInt(words.size)], random.nextInt(6) == 0)
            }
            val hasDocument = random.nextInt(6) == 0
            val header = mapOf("accountId" to accountId.toString(), "direction" to direction, "mode" to mode, "date" to date.toString(), "sellerId" to seller?.toString(), "note" to note)
            val itemsJson = items.map {
                mapOf("id" to it.id.toString(), "amount" to StatisticsModel.money(it.minor, scale), "categoryId" to it.categoryId.toString(), "isReduction" to it.reduction, "description" to it.description)
            }
            val id = if (hasDocument || items.any { it.hasImage }) {
                // attachments go through the draft, as the app does it
                me.newDraft()
                check(me.put("/transactions/draft", header + ("items" to itemsJson)).status == 200)
                if (hasDocument) me.upload("/transactions/draft/documents", Fixtures.uniquePdf())
                items.filter { it.hasImage }.forEach { me.upload("/transactions/draft/items/${it.id}/images", Fixtures.PNG + it.id.toString().toByteArray(), "i.png") }
                Ledger.ok(me.post("/transactions", null), 201).text("id")
            } else {
                Ledger.ok(me.post("/transactions", header + ("items" to itemsJson)), 201).text("id")
            }
            return ModelTransaction(UUID.fromString(id), accountId, currency, direction, mode, date, seller, note, hasDocument, items)
        }

        fun <T> pick(all: List<T>): Set<T> = if (random.nextInt(3) == 0) emptySet() else all.filter { random.nextInt(3) == 0 }.toSet()

        fun randomFilter(): ModelFilter {
            val from = if (random.nextBoolean()) LocalDate.of(2023, 12, 20).plusDays(random.nextLong(60)) else null
            return ModelFilter(
                accountIds = pick(accounts.keys.map(UUID::fromString)), categoryIds = pick(categories), modes = pick(modes),
                sellerIds = pick(sellers), weekdays = pick((1..7).toList()), from = from,
                to = if (random.nextBoolean()) (from ?: LocalDate.of(2023, 12, 20)).plusDays(random.nextLong(60)) else null,
                direction = listOf(null, "expense", "income")[random.nextInt(3)],
                hasImage = listOf(null, null, true, false)[random.nextInt(4)], hasDocument = listOf(null, null, true, false)[random.nextInt(4)],
                text = listOf(null, null, null, "BREAD", "coffee", "%_off", "1")[random.nextInt(7)],
            )
        }
    }

    /** A category's name, icon and parent id (null when it has none), from a category or a statistics group. */
    private fun label(category: JsonNode, parent: JsonNode) =
        listOf(category.path("name").asString(), category.path("icon").asString(), parent.takeUnless { it.isNull || it.isMissingNode }?.asString())

    private fun totals(json: JsonNode) = json.path("currency").asString() to listOf("expenses", "income", "net", "transactionCount", "itemCount").map { json.path(it).asString() }

    private fun expected(currency: String, s: Sums): Pair<String, List<String>> {
        val d = digits.getValue(currency)
        return currency to listOf(StatisticsModel.money(s.expenses, d), StatisticsModel.money(s.income, d), StatisticsModel.money(s.income - s.expenses, d), s.transactions.size.toString(), s.items.toString())
    }

    @Test
    fun `every endpoint agrees with a straightforward computation`() {
        val users = (1..3).map { UserLedger(1000 + it) }
        for (user in users) {
            val filters = listOf(
                ModelFilter(), ModelFilter(categoryIds = setOf(user.hobbies)), ModelFilter(categoryIds = setOf(user.food), weekdays = setOf(1, 2, 3, 4, 5)),
                // served from the monthly category totals, with partial months at the edges
                ModelFilter(from = LocalDate.of(2024, 1, 15), to = LocalDate.of(2024, 2, 20)),
                ModelFilter(from = LocalDate.of(2024, 1, 1), to = LocalDate.of(2024, 2, 29), direction = "expense"),
                ModelFilter(from = LocalDate.of(2023, 12, 25)), ModelFilter(to = LocalDate.of(2024, 1, 31), categoryIds = setOf(user.food, user.hobbies)),
                ModelFilter(from = LocalDate.of(2024, 2, 3), to = LocalDate.of(2024, 2, 9)),
                // whole months with a partial one at both ends, at one, at the other, and at both around other months
                ModelFilter(from = LocalDate.of(2023, 12, 22), to = LocalDate.of(2024, 2, 10)),
                ModelFilter(from = LocalDate.of(2023, 12, 22), to = LocalDate.of(2024, 1, 31)),
                ModelFilter(from = LocalDate.of(2024, 1, 1), to = LocalDate.of(2024, 2, 10)),
                ModelFilter(from = LocalDate.of(2023, 12, 10), to = LocalDate.of(2024, 2, 20)),
                ModelFilter(from = LocalDate.of(2023, 11, 22), to = LocalDate.of(2024, 1, 10)),
            ) +
                (1..12).map { user.randomFilter() }
            for (f in filters) check(user, f)
        }
    }

    private fun check(u: UserLedger, f: ModelFilter) {
        val body = f.toJson()
        val why = "filter $f"
        val summary = u.me.post("/statistics/summary", body)
        assertEquals(200, summary.status, summary.body)
        assertEquals(
            u.model.grouped(f) { _, _ -> Unit }.map { (k, s) -> expected(k.second, s) }.toMap(),
            summary.json.path("totals").values().associate { totals(it) }, why,
        )

        for (rollUp in listOf(false, true)) {
            val categories = u.me.post("/statistics/categories?rollUp=$rollUp", body).json.path("categories").values()
            val actual = categories.flatMap { c -> c.path("totals").values().map { (c.path("category").path("id").asString() to it.path("currency").asString()) to totals(it).second } }.toMap()
            val want = u.model.grouped(f) { _, i -> if (rollUp) u.model.parentOrSelf(i.categoryId) else i.categoryId }
                .map { (k, s) -> (k.first.toString() to k.second) to expected(k.second, s).second }.toMap()
            assertEquals(want, actual, "$why rollUp=$rollUp")
            // each group's name, icon and parent as the category itself has them
            assertEquals(
                categories.associate { c -> c.path("category").path("id").asString() to u.labels.getValue(c.path("category").path("id").asString()) },
                categories.associate { c -> c.path("category").path("id").asString() to label(c.path("category"), c.path("parentId")) },
                "$why rollUp=$rollUp",
            )
        }

        for (granularity in listOf("day", "week", "month")) {
            val timeline = u.me.post("/statistics/timeline?granularity=$granularity", body).json
            val matching = u.model.matching(f)
            val days = matching.map { it.first.date }
            val first = f.from ?: days.minOrNull()
            val last = f.to ?: days.maxOrNull()
            val periods = timeline.path("periods").values()
            if (first == null || last == null) {
                assertEquals(0, periods.size, why)
                continue
            }
            val starts = generateSequence(StatisticsModel.periodStart(first, granularity)) {
                when (granularity) { "day" -> it.plusDays(1); "week" -> it.plusWeeks(1); else -> it.plusMonths(1) }
            }.takeWhile { !it.isAfter(StatisticsModel.periodStart(last, granularity)) }.toList()
            assertEquals(starts.map { it.toString() }, periods.map { it.path("start").asString() }, "$why $granularity periods")
            val grouped = u.model.grouped(f) { t, _ -> StatisticsModel.periodStart(t.date, granularity) }
            val currencies = matching.map { it.first.currency }.toSet()
            for (p in periods) {
                val start = LocalDate.parse(p.path("start").asString())
                val want = currencies.associate { c -> expected(c, grouped[start to c] ?: Sums()) }
                assertEquals(want, p.path("totals").values().associate { totals(it) }, "$why $granularity $start")
            }
        }

        val accounts = u.me.post("/statistics/accounts", body).json.path("accounts").values()
        assertEquals(
            u.model.grouped(f) { t, _ -> t.accountId }.map { (k, s) -> k.first.toString() to expected(k.second, s) }.toMap(),
            accounts.associate { it.path("accountId").asString() to totals(it.path("totals")) }, why,
        )

        val sellers = u.me.post("/statistics/sellers?limit=200", body).json.path("sellers").values()
        assertEquals(
            u.model.grouped(f) { t, _ -> t.sellerId }.map { (k, s) -> (k.first?.toString() to k.second) to expected(k.second, s).second }.toMap(),
            sellers.associate { (it.path("sellerId").asString(null) to it.path("totals").path("currency").asString()) to totals(it.path("totals")).second }, why,
        )

        val ids = mutableListOf<UUID>()
        var cursor: String? = null
        do {
            val page = u.me.post("/statistics/transactions?limit=7" + (cursor?.let { "&cursor=$it" } ?: ""), body)
            assertEquals(200, page.status, page.body)
            ids += page.json.path("items").values().map { UUID.fromString(it.path("itemId").asString()) }
            cursor = page.json.path("nextCursor").asString(null)
        } while (cursor != null)
        assertEquals(u.model.itemOrder(f), ids, why)
    }
}

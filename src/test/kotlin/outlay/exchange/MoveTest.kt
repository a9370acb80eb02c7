package outlay.exchange

import org.jooq.DSLContext
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.jdbc.datasource.DriverManagerDataSource
import outlay.exchange.dump.InstanceCopy
import outlay.exchange.dump.Tables
import org.jooq.impl.DSL
import outlay.support.Api
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.util.UUID
import kotlin.random.Random
import kotlin.test.assertEquals

/** Moving a ledger to an instance on the other database (see [OtherInstance]) loses nothing. */
class MoveTest : ApiTest() {
    @Autowired
    lateinit var db: DSLContext

    /** A generated ledger: two currencies, own categories, sellers with locations, files, imports. */
    private fun generated(user: Ledger) {
        val random = Random(7)
        val eur = user.account("Checking", "EUR")
        val jpy = user.account("Travel", "JPY")
        val hobbies = Ledger.ok(user.post("/categories", mapOf("name" to "Hobbies", "icon" to "category")), 201).text("id")
        val models = Ledger.ok(user.post("/categories", mapOf("name" to "Models", "icon" to "category", "parentId" to hobbies)), 201).text("id")
        val sellers = (1..3).map { n ->
            Ledger.ok(user.post("/sellers", mapOf("name" to "Shop $n", "locations" to listOf(mapOf("latitude" to 48.0 + n / 10.0, "longitude" to 11.5, "name" to "Branch $n")))), 201).text("id")
        }
        val categories = listOf(Fixtures.FOOD, Fixtures.RENT, hobbies, models)
        repeat(25) { n ->
            val yen = n % 5 == 0
            val items = (0..random.nextInt(3)).map { i ->
                user.item(if (yen) "${random.nextInt(100, 9000)}" else "${random.nextInt(1, 500)}.${random.nextInt(10, 99)}", categories[random.nextInt(categories.size)], "description" to "item $n.$i")
            } + if (n % 4 == 0) listOf(user.item(if (yen) "5" else "0.50", Fixtures.FOOD, "isReduction" to true)) else emptyList()
            Ledger.ok(user.transaction(if (yen) jpy else eur, "2026-0${1 + n % 6}-${10 + n % 18}", *items.toTypedArray(),
                extra = mapOf("sellerId" to sellers[n % 3], "note" to "note $n", "direction" to if (n % 7 == 0) "income" else "expense")), 201)
        }
        user.newDraft()
        Ledger.ok(user.put("/transactions/draft", mapOf("accountId" to eur, "date" to "2026-03-03")))
        Ledger.ok(user.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "receipt.pdf", mapOf("kind" to "receipt")), 201)
        val item = UUID.randomUUID()
        Ledger.ok(user.putItem(item, "7.77", models))
        Ledger.ok(user.upload("/transactions/draft/items/$item/images", Fixtures.JPEG + "moved".toByteArray(), "model.jpg"), 201)
        Ledger.ok(user.post("/transactions", emptyMap<String, Any>()), 201)
        val upload = Ledger.ok(user.upload("/imports", SampleFiles.bytes("semicolon-bom-decimal-comma.csv"), "bank.csv"), 201).text("id")
        Ledger.ok(user.post("/imports/$upload/confirm", mapOf("accountId" to eur)), 201)
    }

    /** Everything a user sees, as JSON text: ids, amounts, dates, statistics, file checksums. */
    private fun snapshot(user: Ledger): List<String> {
        val transactions = user.get("/transactions?limit=200").json
        val files = transactions.path("items").values().flatMap { t ->
            t.path("documents").values().map { it.path("url").asString() } + t.path("items").values().flatMap { i -> i.path("images").values().map { it.path("url").asString() } }
        }.map { url -> user.get(url).let { "$url ${it.status} ${it.header("etag")} ${it.body.length}" } }
        val stats = listOf("summary", "categories", "timeline", "accounts", "sellers").map { user.post("/statistics/$it", emptyMap<String, Any>()).body }
        return listOf(user.get("/accounts?includeArchived=true").body, user.get("/categories").body, user.get("/sellers").body, transactions.toString()) + files + stats
    }

    @Test
    fun `a full export imports into an instance on the other database with every id, amount, statistic and file equal`() {
        val ann = Ledger(api)
        generated(ann)
        val bytes = api.bytes("/exports/full", ann.token)

        OtherInstance().use { other ->
            val otherApi: Api = other.start()
            val moved = Ledger(otherApi)
            val restored = otherApi.upload("/imports/full", moved.token, bytes, "outlay-export.zip")
            assertEquals(201, restored.status, restored.body)
            assertEquals(snapshot(ann), snapshot(moved))
            // a second import into the now full ledger is refused and changes nothing
            assertEquals(409, otherApi.upload("/imports/full", moved.token, bytes, "outlay-export.zip").status)
            // re-importing the bank file on the new instance still finds its rows imported
            val again = Ledger.ok(moved.upload("/imports", SampleFiles.bytes("semicolon-bom-decimal-comma.csv"), "bank.csv"), 201).text("id")
            val account = moved.get("/accounts").json.values().first { it.path("currency").asString() == "EUR" }.path("id").asString()
            assertEquals(4, Ledger.ok(moved.post("/imports/$again/preview", mapOf("accountId" to account))).json.path("duplicates").asInt())
        }
    }

    /** The operator's command moves the embedded database to PostgreSQL; the suite's PostgreSQL run moves PostgreSQL to a fresh one. */
    @Test
    fun `the operator's move copies every table of the instance to an empty PostgreSQL database`() {
        val ann = Ledger(api)
        generated(ann)
        OtherInstance(shareDataDir = dataDir, kind = "postgresql").use { other ->
            val target = DriverManagerDataSource(other.url, other.user, other.password)
            val copied = InstanceCopy.copy(db, target, other.url).associate { it.table to it.rows }
            val source = Tables(db)
            val expected = source.ordered.associate { t ->
                t.name.lowercase() to db.fetchCount(t, if (t.name.equals("category", true)) source.field(t, "user_id").isNotNull else DSL.noCondition())
            }
            assertEquals(expected, copied)
            // the moved instance serves the same user the same ledger (files from the same data directory)
            val otherApi = other.start()
            val login = otherApi.login(ann.session.email, ann.session.password)
            assertEquals(200, login.status, login.body)
            val moved = Ledger(otherApi, ann.session.copy(accessToken = login.text("accessToken")))
            assertEquals(snapshot(ann), snapshot(moved))
        }
    }
}

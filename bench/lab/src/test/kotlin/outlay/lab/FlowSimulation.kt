package outlay.lab

import io.gatling.javaapi.core.CoreDsl.StringBody
import io.gatling.javaapi.core.CoreDsl.bodyBytes
import io.gatling.javaapi.core.CoreDsl.constantUsersPerSec
import io.gatling.javaapi.core.CoreDsl.exec
import io.gatling.javaapi.core.CoreDsl.exitBlockOnFail
import io.gatling.javaapi.core.CoreDsl.global
import io.gatling.javaapi.core.CoreDsl.jsonPath
import io.gatling.javaapi.core.CoreDsl.repeat
import io.gatling.javaapi.core.CoreDsl.scenario
import io.gatling.javaapi.core.Session
import io.gatling.javaapi.core.Simulation
import io.gatling.javaapi.http.HttpDsl.ByteArrayBodyPart
import io.gatling.javaapi.http.HttpDsl.StringBodyPart
import io.gatling.javaapi.http.HttpDsl.http
import io.gatling.javaapi.http.HttpDsl.status
import io.gatling.javaapi.http.HttpRequestActionBuilder
import java.time.Duration
import java.time.LocalDate
import java.time.ZoneId
import java.util.UUID

/**
 * The seed's user flow, request for request: log in once, then [LabSettings.flows] times
 * create a draft, edit it, attach a receipt, save it, and look at the list and statistics.
 *
 * Open model: virtual users arrive at a constant rate whatever the server's latency (the
 * equivalent of JMeter's Constant Throughput Timer); each runs back to back, so the offered
 * request rate is arrival rate x requests per user. Every response's content is checked.
 */
class FlowSimulation : Simulation() {
    private val lab = LabSettings.fromSystemProperties()
    private val users = UserPool.shared(lab.users)

    // The statistics look at the last twelve months, so both ends are partial months.
    private val today = LocalDate.now(ZoneId.of(ZONE))
    private val filter = """{"from":"${today.minusYears(1)}","to":"$today","direction":"expense"}"""
    private val foodFilter = """{"from":"${today.minusYears(1)}","to":"$today","categoryIds":["$FOOD"]}"""

    private val login = http("01 login").post("/auth/login")
        .body(StringBody { s -> """{"email":"lab-${s.getInt("userNo")}@outlay.test","password":"${lab.password}"}""" })
        .check(status().shouldBe(200), jsonPath("$.accessToken").saveAs("token"), jsonPath("$.tokenType").shouldBe("Bearer"))

    // The flow's requests, counted for the arrival rate (a declared count drifted from the list once:
    // 16 for these 15 requests, so every offered rate until 2026-11-28 was 301/321 of its label).
    private val steps: List<HttpRequestActionBuilder> = listOf(
        authed(http("02 create draft").post("/transactions/draft").body(StringBody("""{"timeZone":"$ZONE"}""")))
            .check(status().shouldBe(201), jsonPath("$.id").saveAs("draftId"), jsonPath("$.currency").shouldBe("EUR"),
                jsonPath("$.date").shouldBe { _ -> LocalDate.now(ZoneId.of(ZONE)).toString() }, jsonPath("$.items[*]").count().shouldBe(0)),
        authed(http("03 get draft").get("/transactions/draft"))
            .check(status().shouldBe(200), jsonPath("$.id").isEL("#{draftId}")),
        authed(http("04 get categories").get("/categories"))
            .check(status().shouldBe(200), jsonPath("$[*].id").count().gte(20),
                jsonPath("$[?(@.name == 'Groceries')].id").saveAs("groceries")),
        authed(http("05 get accounts").get("/accounts"))
            .check(status().shouldBe(200), jsonPath("$[*].id").count().shouldBe(3),
                jsonPath("$[?(@.currency == 'USD')].id").saveAs("accountId")),
        authed(http("06 update draft").put("/transactions/draft").body(StringBody { s -> draftBody(s) }))
            .check(status().shouldBe(200), jsonPath("$.accountId").isEL("#{accountId}"), jsonPath("$.currency").shouldBe("USD"),
                jsonPath("$.items[*].id").count().shouldBe(3)),
        authed(http("07 upload document").post("/transactions/draft/documents").asMultipartForm()
            .bodyPart(ByteArrayBodyPart("file") { s -> Receipts.pdf(s.getString("draftId")!!) }.contentType("application/pdf").fileName("receipt.pdf"))
            .bodyPart(StringBodyPart("kind", "receipt")))
            .check(status().shouldBe(201), jsonPath("$.mediaType").shouldBe("application/pdf"), jsonPath("$.kind").shouldBe("receipt")),
        authed(http("08 update item").put("/transactions/draft/items/#{item2}")
            .body(StringBody("""{"amount":"7.50","quantity":2,"description":"Olive oil","brand":"Acme","categoryId":"#{groceries}"}""")))
            .check(status().shouldBe(200), jsonPath("$.id").isEL("#{item2}"), jsonPath("$.amount").shouldBe("7.50"),
                jsonPath("$.category.id").isEL("#{groceries}")),
        authed(http("09 save").post("/transactions").header("Idempotency-Key", "#{draftId}").body(StringBody("""{"draftId":"#{draftId}"}""")))
            .check(status().shouldBe(201), jsonPath("$.id").isEL("#{draftId}"), jsonPath("$.total").shouldBe("24.33"),
                jsonPath("$.documents[*]").count().shouldBe(1)),
        authed(http("10 list").get("/transactions?limit=50"))
            .check(status().shouldBe(200), facts("items", setOf("id"), setOf("nextCursor")) { f, s ->
                val first = f.values("id").firstOrNull()
                listOfNotNull(
                    "${f.count} items, not 50".takeIf { f.count != 50 },
                    "the first item is $first, not the saved draft".takeIf { first != s.getString("draftId") },
                    "no nextCursor".takeIf { f.scalars["nextCursor"] == null },
                )
            }),
        authed(http("11 statistics summary").post("/statistics/summary").body(StringBody(filter)))
            .check(status().shouldBe(200), jsonPath("$.totals[?(@.currency == 'USD')].transactionCount").ofInt().gte(1)),
        authed(http("12 statistics categories").post("/statistics/categories?rollUp=true").body(StringBody(filter)))
            .check(status().shouldBe(200), jsonPath("$.categories[?(@.category.id == '$FOOD')].totals[*].expenses").exists()),
        authed(http("13 statistics timeline").post("/statistics/timeline?granularity=month").body(StringBody(filter)))
            .check(status().shouldBe(200), jsonPath("$.periods[*].start").count().gte(12)),
        authed(http("14 statistics accounts").post("/statistics/accounts").body(StringBody(filter)))
            .check(status().shouldBe(200), jsonPath("$.accounts[?(@.accountId == '#{accountId}')].totals.transactionCount").ofInt().gte(1)),
        authed(http("15 statistics sellers").post("/statistics/sellers?limit=10").body(StringBody(filter)))
            .check(status().shouldBe(200), jsonPath("$.sellers[*].totals.expenses").count().shouldBe(10)),
        authed(http("16 statistics transactions").post("/statistics/transactions?limit=50").body(StringBody(foodFilter)))
            .check(status().shouldBe(200), facts("items", setOf("itemId", "category.name")) { f, _ ->
                val outside = f.values("category.name").filterNot { it in FOOD_NAMES }
                listOfNotNull(
                    "no items".takeIf { f.values("itemId").none { it != null } },
                    "categories outside Food: $outside".takeIf { outside.isNotEmpty() },
                )
            }),
    )

    private val flow = exec { s: Session ->
        s.set("item1", UUID.randomUUID().toString()).set("item2", UUID.randomUUID().toString()).set("item3", UUID.randomUUID().toString())
    }.exec(steps.first(), *steps.drop(1).toTypedArray())

    // Only after a broken-off flow: opening the draft would return that flow's half-done draft.
    private val discardLeftover = authed(http("01 discard leftover draft").delete("/transactions/draft")).check(status().`in`(204, 404))

    private val user = scenario("user flow")
        .exec { s: Session -> users.take().let { s.set("userNo", it).set("leftover", users.takeLeftover(it)) } }
        .exitBlockOnFail().on(
            exec(login).doIf { s: Session -> s.getBoolean("leftover") }.then(exec(discardLeftover))
                .repeat(lab.flows).on(flow).exec { s: Session -> s.set("completed", true) },
        )
        .exec { s: Session -> users.release(s.getInt("userNo"), s.contains("completed")); s }

    init {
        val arrivals = lab.rate / (1.0 + steps.size * lab.flows)
        // the thresholds as Gatling assertions: Gatling's exit status is the run's verdict
        val assertions = listOfNotNull(
            lab.assertP95Ms?.let { global().responseTime().percentile(95.0).lte(it.toInt()) },
            lab.assertErrorPercent?.let { global().failedRequests().percent().lte(it) },
        )
        setUp(user.injectOpen(constantUsersPerSec(arrivals).during(Duration.ofSeconds(lab.seconds))))
            .protocols(
                http.baseUrl(lab.baseUrl).acceptHeader("application/json").contentTypeHeader("application/json")
                    .disableWarmUp().disableCaching(),
            )
            .assertions(assertions)
    }

    private fun authed(request: HttpRequestActionBuilder) = request.header("Authorization", "Bearer #{token}")

    /**
     * A check of a large answer read by [JsonFacts] (the top-level [array], each element's [paths], the top-level
     * [scalars]) rather than `jsonPath`: [problems] names what is wrong, and the check fails showing them.
     */
    private fun facts(array: String, paths: Set<String>, scalars: Set<String> = emptySet(), problems: (JsonFacts, Session) -> List<String>) =
        bodyBytes().transformWithSession { body, s -> problems(JsonFacts.read(body, array, paths, scalars), s).joinToString("; ").ifEmpty { "ok" } }
            .shouldBe("ok")

    private fun draftBody(s: Session): String {
        val groceries = s.getString("groceries")
        return """{"accountId":"${s.getString("accountId")}","direction":"expense","mode":"card","date":"$today","note":"Weekly shop",
            |"items":[{"id":"${s.getString("item1")}","amount":"12.34","description":"Bread","categoryId":"$FOOD"},
            |{"id":"${s.getString("item2")}","amount":"3.99","description":"Oil","categoryId":"$groceries"},
            |{"id":"${s.getString("item3")}","amount":"4.49","description":"Coffee","categoryId":"$groceries"}]}""".trimMargin()
    }

    companion object {
        const val ZONE = "Europe/Berlin"
        const val FOOD = "00000000-0000-7000-8000-000000000001"
        val FOOD_NAMES = setOf("Food", "Groceries", "Restaurants") // Food and the data set's two subcategories
    }
}

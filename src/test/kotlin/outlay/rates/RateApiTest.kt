package outlay.rates

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.assertProblem
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class RateApiTest : ApiTest() {

    private fun Ledger.rates() = Ledger.ok(get("/rates")).json.values().map { "${it.text("day")} ${it.text("base")}/${it.text("quote")} ${it.text("rate")}" }

    private fun tools.jackson.databind.JsonNode.text(field: String) = path(field).asString()

    private fun Ledger.effective(from: String, to: String, day: String) = get("/rates/effective?from=$from&to=$to&day=$day")

    @Test
    fun `a user enters, replaces, lists and deletes rates, another user sees and deletes none of them`() {
        val ann = Ledger(api)
        val bob = Ledger(api)
        val put = Ledger.ok(ann.put("/rates/NOK/CHF/2026-03-02", mapOf("rate" to "0.9200"))).json
        assertEquals("0.92", put.text("rate"))
        Ledger.ok(ann.put("/rates/NOK/CHF/2026-03-02", mapOf("rate" to "0.9215")))
        Ledger.ok(ann.put("/rates/GBP/EUR/2026-03-01", mapOf("rate" to "1.1734567891")))
        assertEquals(listOf("2026-03-02 NOK/CHF 0.9215", "2026-03-01 GBP/EUR 1.1734567891"), ann.rates())

        assertEquals(emptyList(), bob.rates())
        bob.delete("/rates/NOK/CHF/2026-03-02").assertProblem(404, "not-found")
        bob.effective("NOK", "CHF", "2026-03-02").assertProblem(404, "not-found")
        assertEquals(2, ann.rates().size)

        assertEquals(204, ann.delete("/rates/NOK/CHF/2026-03-02").status)
        ann.delete("/rates/NOK/CHF/2026-03-02").assertProblem(404, "not-found")
        assertEquals(listOf("2026-03-01 GBP/EUR 1.1734567891"), ann.rates())
    }

    @Test
    fun `bad input is a problem naming the field and changes nothing`() {
        val ann = Ledger(api)
        Ledger.ok(ann.put("/rates/USD/EUR/2026-03-02", mapOf("rate" to "0.92")))
        val bad = listOf(
            "/rates/XYZ/EUR/2026-03-02" to "0.5" to "base",
            "/rates/USD/usd/2026-03-02" to "0.5" to "quote",
            "/rates/USD/USD/2026-03-02" to "1" to "quote",
            "/rates/USD/EUR/2026-03-02" to "-0.92" to "rate",
            "/rates/USD/EUR/2026-03-02" to "0" to "rate",
            "/rates/USD/EUR/2026-03-02" to "0.12345678901" to "rate",
            "/rates/USD/EUR/2026-03-02" to "12345678901" to "rate",
            "/rates/USD/EUR/2026-03-02" to "1e3" to "rate",
        )
        for ((request, field) in bad) {
            val (path, rate) = request
            val response = ann.put(path, mapOf("rate" to rate))
            response.assertProblem(400, "validation")
            assertEquals(listOf(field), response.errorFields, "$path $rate")
        }
        val badDay = ann.put("/rates/USD/EUR/2026-13-02", mapOf("rate" to "1"))
        assertEquals(400, badDay.status)
        assertEquals("application/problem+json", badDay.header("Content-Type"))
        ann.delete("/rates/ABC/EUR/2026-03-02").assertProblem(400, "validation")
        ann.effective("USD", "QQQ", "2026-03-02").assertProblem(400, "validation")
        assertEquals(listOf("2026-03-02 USD/EUR 0.92"), ann.rates())
    }

    @Test
    fun `the effective rate is the nearest on or before the day, used directly or inverted`() {
        val ann = Ledger(api)
        Ledger.ok(ann.put("/rates/CHF/SEK/2026-03-01", mapOf("rate" to "12.00")))
        Ledger.ok(ann.put("/rates/CHF/SEK/2026-03-05", mapOf("rate" to "13.00")))
        val direct = Ledger.ok(ann.effective("CHF", "SEK", "2026-03-04"))
        assertEquals(listOf("12", "2026-03-01", "own"), listOf(direct.text("rate"), direct.text("rateDate"), direct.text("source")))
        val inverse = Ledger.ok(ann.effective("SEK", "CHF", "2026-03-06"))
        assertEquals(listOf("0.0769230769", "2026-03-05"), listOf(inverse.text("rate"), inverse.text("rateDate")), "1/13 half-even to 10 places")
        ann.effective("CHF", "SEK", "2026-02-28").assertProblem(404, "not-found")
    }

    @Test
    fun `the OpenAPI document lists the accepted currencies as the pair's enum`() {
        val paths = api.get("/v3/api-docs").json.path("paths")
        val put = paths.path("/rates/{base}/{quote}/{day}").path("put")
        val base = put.path("parameters").values().single { it.path("name").asString() == "base" }
        assertTrue(base.path("schema").path("enum").values().any { it.asString() == "JPY" }, base.toString())
    }

    @Test
    fun `the OpenAPI document declares the effective rate's 404 as a problem document`() {
        val responses = api.get("/v3/api-docs").json.path("paths").path("/rates/effective").path("get").path("responses")
        assertTrue(responses.path("200").path("content").path("application/json").path("schema").toString().contains("EffectiveRateView"), responses.toString())
        val notFound = responses.path("404")
        assertTrue(notFound.path("content").has("application/problem+json"), notFound.toString())
        assertTrue(notFound.path("description").asString().contains("No rate"), notFound.toString())
    }
}

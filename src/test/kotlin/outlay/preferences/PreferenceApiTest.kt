package outlay.preferences

import org.junit.jupiter.api.Test
import outlay.platform.Money
import outlay.platform.TimeZones
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class PreferenceApiTest : ApiTest() {

    @Test
    fun `a new user has no home currency and UTC, chooses both, and changes them again`() {
        val me = Ledger(api)
        val initial = ok(me.get("/me/preferences")).json
        assertTrue(initial.path("homeCurrency").isNull)
        assertEquals("UTC", initial.path("timeZone").asString())

        val chosen = ok(me.put("/me/preferences", mapOf("homeCurrency" to "CHF", "timeZone" to "Pacific/Auckland")))
        assertEquals("CHF", chosen.text("homeCurrency"))
        assertEquals("Pacific/Auckland", chosen.text("timeZone"))
        assertEquals(chosen.body, ok(me.get("/me/preferences")).body)

        val again = ok(me.put("/me/preferences", mapOf("timeZone" to "America/Los_Angeles")))
        assertTrue(again.json.path("homeCurrency").isNull, "left out, the home currency is cleared: PUT replaces")
        assertEquals("America/Los_Angeles", ok(me.get("/me/preferences")).text("timeZone"))
    }

    @Test
    fun `an unknown currency or time zone is refused and changes nothing`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "Europe/Berlin")))
        val before = ok(me.get("/me/preferences")).body
        for (body in listOf(
            mapOf("homeCurrency" to "EURO", "timeZone" to "UTC"),
            mapOf("homeCurrency" to "XYZ", "timeZone" to "UTC"),
            mapOf("homeCurrency" to "EUR", "timeZone" to "Mars/Olympus"),
            mapOf("homeCurrency" to "EUR", "timeZone" to "+02:00"),
            mapOf("homeCurrency" to "EUR"),
        )) {
            me.put("/me/preferences", body).assertProblem(400, "validation")
        }
        assertEquals(before, ok(me.get("/me/preferences")).body)
    }

    @Test
    fun `a new draft is dated today in the user's time zone`() {
        // 25 hours apart: at every instant the two users' "today" are different days
        fun draftDate(zone: String): Pair<java.time.LocalDate, java.time.LocalDate> {
            val me = Ledger(api)
            ok(me.put("/me/preferences", mapOf("timeZone" to zone)))
            me.account()
            val expected = java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneId.of(zone))
            return expected to java.time.LocalDate.parse(me.newDraft().path("date").asString())
        }
        val (eastExpected, east) = draftDate("Pacific/Kiritimati")
        val (westExpected, west) = draftDate("Pacific/Pago_Pago")
        assertEquals(eastExpected, east)
        assertEquals(westExpected, west)
        assertTrue(east.isAfter(west), "UTC+14 is a day or two ahead of UTC-11")
    }

    @Test
    fun `one user's choice is not another's`() {
        val ann = Ledger(api)
        val bob = Ledger(api)
        ok(ann.put("/me/preferences", mapOf("homeCurrency" to "JPY", "timeZone" to "Asia/Tokyo")))
        assertEquals("UTC", ok(bob.get("/me/preferences")).text("timeZone"))
        assertTrue(ok(bob.get("/me/preferences")).json.path("homeCurrency").isNull)
        assertEquals(401, api.get("/me/preferences").status)
    }

    @Test
    fun `the OpenAPI document lists exactly the time zones and currencies the server accepts`() {
        val schemas = ok(api.get("/v3/api-docs")).json.path("components").path("schemas")
        fun choices(schema: String, field: String) = schemas.path(schema).path("properties").path(field).path("enum").values().map { if (it.isNull) null else it.asString() }
        assertEquals(TimeZones.IDS.sorted(), choices("PreferenceRequest", "timeZone"))
        assertEquals(TimeZones.IDS.sorted() + null, choices("NewDraftRequest", "timeZone"), "the draft's zone is optional")
        assertEquals(Money.CODES.sorted() + null, choices("PreferenceRequest", "homeCurrency"))

        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to null, "timeZone" to TimeZones.IDS.max())))
        for (refused in listOf(mapOf("homeCurrency" to "", "timeZone" to "UTC"), mapOf("homeCurrency" to " EUR", "timeZone" to "UTC"), mapOf("timeZone" to "GMT"))) {
            me.put("/me/preferences", refused).assertProblem(400, "validation")
        }
        me.account()
        me.post("/transactions/draft", mapOf("timeZone" to "+02:00")).assertProblem(400, "validation")
        assertEquals(TimeZones.IDS.max(), ok(me.get("/me/preferences")).text("timeZone"), "nothing refused was saved")
    }
}

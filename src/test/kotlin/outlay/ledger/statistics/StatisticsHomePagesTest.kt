package outlay.ledger.statistics

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Ledger
import java.net.http.HttpRequest.BodyPublishers
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class StatisticsHomePagesTest : BrowserTest() {

    @Test
    fun `the statistics page switches to the home currency and says what it could not convert`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        val card = me.account("Travel card", "CHF")
        val krw = me.account("Seoul", "KRW")
        me.transaction(wallet, "2026-03-10", me.item("12.50"))
        me.transaction(card, "2026-03-15", me.item("20.00"))
        me.transaction(krw, "2026-03-16", me.item("1000"))
        Ledger.ok(me.put("/rates/CHF/EUR/2026-03-14", mapOf("rate" to "1.05")))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        browser.open("/app/statistics?from=2026-03-01&to=2026-03-31")
        assertEquals(0, browser.driver.findElements(By.id("in-home")).size, "no home currency chosen: no switch")
        Ledger.ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        browser.open("/app/statistics?from=2026-03-01&to=2026-03-31")
        browser.click("In EUR")
        assertContains(browser.path, "inHome=true")
        val summary = browser.driver.findElement(By.id("summary")).text
        assertContains(summary, "\u20ac33.50", message = "12.50 + 20.00 x 1.05")
        assertContains(summary, "Spent (KRW)", message = "won without a rate shown in won")
        val note = browser.driver.findElement(By.id("conversion")).text
        assertContains(note, "CHF: rates of 2026-03-14 to 2026-03-14; 1 day(s) at an earlier day's rate.")
        assertContains(note, "No rate for KRW")
        screen("statistics-home")
        // the page reads the preferences once and passes the home currency to all six statistics
        val cookie = mapOf("Cookie" to "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value)
        val (_, sql) = statements.capture { check(api.send("GET", browser.path, BodyPublishers.noBody(), headers = cookie).status == 200) }
        assertEquals(1, sql.count { "user_preferences" in it }, sql.joinToString("\n"))
        assertTrue(sql.size <= 24, "statistics in EUR: preferences, options, six statistics with their rates (two each), names; took ${sql.size}")
        browser.click("In each currency")
        assertContains(browser.driver.findElement(By.id("summary")).text, "CHF")
        assertEquals(0, browser.driver.findElements(By.id("conversion")).size)
    }
}

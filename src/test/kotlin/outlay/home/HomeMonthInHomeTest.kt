package outlay.home

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Ledger
import java.net.http.HttpRequest.BodyPublishers
import java.time.LocalDate
import java.time.ZoneOffset
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class HomeMonthInHomeTest : BrowserTest() {

    @Test
    fun `home shows the month's spending in the home currency and names what had no rate`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        val card = me.account("Travel card", "CHF")
        val seoul = me.account("Seoul", "KRW")
        val today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
        me.transaction(wallet, today.toString(), me.item("12.00"))
        me.transaction(card, today.toString(), me.item("10.00"))
        me.transaction(seoul, today.toString(), me.item("5000"))
        Ledger.ok(me.put("/rates/CHF/EUR/${today.minusMonths(1)}", mapOf("rate" to "1.05")))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        browser.open("/app")
        assertEquals(0, browser.driver.findElements(By.id("month-home")).size, "no home currency chosen yet")
        Ledger.ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        browser.open("/app")
        val home = browser.driver.findElement(By.id("month-home")).text
        assertContains(home, "Spent in all (EUR)")
        assertContains(home, "\u20ac22.50", message = "12.00 + 10.00 x 1.05")
        assertContains(home, "without a rate, not included: KRW")
        assertContains(browser.driver.findElement(By.id("month-totals")).text, "Spent (KRW)", message = "each currency's own total stays")

        // one read of the month gives each currency's total and the home-currency one
        val cookie = mapOf("Cookie" to "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value)
        fun home() = statements.capture { check(api.send("GET", "/app", BodyPublishers.noBody(), headers = cookie).status == 200) }.second
        val before = home()
        me.transaction(card, today.toString(), me.item("3.00"))
        me.transaction(wallet, today.toString(), me.item("4.00"))
        val after = home()
        assertEquals(before.size, after.size, "as many statements with more transactions")
        assertEquals(1, after.count { "user_preferences" in it }, "the preferences are read once")
        assertEquals(1, after.count { "\"transactions\"" in it && "group by" in it }, "the month's rows are read once for both figures: ${after.joinToString("\n")}")
        assertTrue(after.size <= 15, "Home in EUR: accounts and balances, preferences, the month by day and its rates (two), categories, latest transactions (five), pending recurring occurrences; took ${after.size}")
    }
}

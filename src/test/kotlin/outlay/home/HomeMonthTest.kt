package outlay.home

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.net.http.HttpRequest.BodyPublishers
import java.time.LocalDate
import java.time.ZoneOffset
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class HomeMonthTest : BrowserTest() {

    @Test
    fun `home shows this month's spending per currency and by category, and the latest transactions`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        val card = me.account("Travel card", "USD")
        val today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).toString()
        val lastYear = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).minusYears(1).toString()
        me.transaction(wallet, lastYear, me.item("999.00", Fixtures.FOOD, "description" to "Long ago"))
        me.transaction(wallet, today, me.item("12.00", Fixtures.FOOD, "description" to "Groceries"))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        val cookie = "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value
        fun home() = statements.count {
            val response = api.send("GET", "/app", BodyPublishers.noBody(), headers = mapOf("Cookie" to cookie))
            check(response.status == 200) { "/app: ${response.status}" }
        }.second
        val small = home()

        me.transaction(wallet, today, me.item("30.00", Fixtures.RENT, "description" to "Rent"), me.item("2.50", Fixtures.FOOD, "description" to "Milk"))
        me.transaction(card, today, me.item("5.00", Fixtures.FOOD, "description" to "Coffee"))
        me.transaction(wallet, today, me.item("100.00", Fixtures.FOOD, "description" to "Salary"), extra = mapOf("direction" to "income"))
        val large = home()
        assertEquals(small, large, "Home takes as many statements for 1 transaction as for 4")
        assertTrue(large <= 13, "Home: accounts and balances, the preferences, month summary and categories, latest transactions (five), the overall budget, pending recurring occurrences; took $large")

        browser.open("/app")
        val totals = browser.driver.findElement(By.id("month-totals")).text
        assertContains(totals, "Spent (EUR)")
        assertContains(totals, "\u20ac44.50", message = "12.00 + 30.00 + 2.50 this month, not last year's")
        assertContains(totals, "+\u20ac100.00")
        assertContains(totals, "$5.00")
        val categories = browser.driver.findElements(By.cssSelector("#month-categories-EUR tbody tr")).map { it.text }
        assertEquals(2, categories.size)
        assertContains(categories[0], "Rent")
        assertContains(categories[0], "\u20ac30.00")
        assertContains(categories[1], "Food")
        assertContains(categories[1], "\u20ac14.50", message = "expenses only: the income is not spending")
        val latest = browser.driver.findElements(By.cssSelector("#latest li")).map { it.text }
        assertEquals(5, latest.size)
        assertFalse(browser.mainText().contains("Nothing recorded this month"))
        screen("home-month")

        browser.click("See the month in Statistics")
        assertContains(browser.path, "/app/statistics?from=")
    }
}

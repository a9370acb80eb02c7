package outlay.ledger.statistics

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.net.http.HttpRequest.BodyPublishers
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class StatisticsPagesTest : BrowserTest() {

    @Test
    fun `a date filter outside 1900 to 2199 is named on the page and ignored, never a timeline of centuries`() {
        val me = Ledger(api)
        me.transaction(me.account("Wallet", "EUR"), "2026-03-10", me.item("12.50", Fixtures.FOOD, "description" to "Bread"))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        browser.open("/app/statistics?from=0001-01-01&to=2026-03-31")
        assertContains(browser.mainText(), "From: \u201c0001-01-01\u201d must be between 1900-01-01 and 2199-12-31 and was ignored.")
        assertContains(browser.driver.findElement(By.id("summary")).text, "\u20ac12.50")
    }

    @Test
    fun `statistics show the five statistics and the items, narrowed by a filter kept in the URL`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        val card = me.account("Travel card", "USD")
        val bakery = me.post("/sellers", mapOf("name" to "Corner Bakery")).text("id")
        val snacks = me.post("/categories", mapOf("name" to "Snacks", "icon" to "icecream", "parentId" to Fixtures.FOOD)).text("id")
        me.transaction(
            wallet, "2026-03-10", me.item("12.50", Fixtures.FOOD, "description" to "Bread"),
            me.item("3.00", snacks, "description" to "Crisps"), extra = mapOf("sellerId" to bakery, "mode" to "cash"),
        )
        me.transaction(wallet, "2026-03-12", me.item("100.00", Fixtures.RENT, "description" to "Flat"), extra = mapOf("note" to "March rent"))
        me.transaction(card, "2026-03-15", me.item("20.00", Fixtures.FOOD, "description" to "Diner"))
        me.transaction(wallet, "2026-03-20", me.item("50.00", Fixtures.FOOD, "description" to "Refund"), extra = mapOf("direction" to "income"))
        me.transaction(wallet, "2026-04-02", me.item("7.00", Fixtures.FOOD, "description" to "April bread"))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        browser.open("/app/statistics?from=2026-03-01&to=2026-03-31")
        val summary = browser.driver.findElement(By.id("summary")).text
        assertContains(summary, "\u20ac115.50", message = "12.50 + 3.00 + 100.00 spent in euros")
        assertContains(summary, "+\u20ac50.00")
        assertContains(summary, "$20.00", message = "dollars shown apart")
        val food = row("categories-EUR", "Food")
        assertContains(food, "\u20ac15.50", message = "Snacks rolled up into Food")
        assertContains(food, "\u20ac50.00")
        assertContains(row("categories-EUR", "Rent"), "\u20ac100.00")
        assertContains(row("categories-USD", "Food"), "$20.00")
        assertContains(row("accounts-EUR", "Wallet"), "\u20ac115.50")
        assertContains(row("sellers-EUR", "Corner Bakery"), "\u20ac15.50")
        browser.driver.findElement(By.xpath("//section[@id='timeline']//summary")).click() // the numbers behind the chart
        assertContains(row("timeline-EUR", "Mar 10, 2026"), "\u20ac15.50")
        assertContains(row("timeline-EUR", "Mar 20, 2026"), "\u20ac50.00")
        assertEquals(5, browser.driver.findElements(By.cssSelector("#statistics-items tbody tr")).size)
        assertTrue(browser.driver.findElements(By.cssSelector("#timeline svg.columns rect")).size >= 31, "a column per day")
        screen("statistics")

        browser.click("Show each child category on its own")
        assertContains(browser.path, "rollUp=false")
        assertContains(row("categories-EUR", "Food \u203a Snacks"), "\u20ac3.00")
        assertContains(row("categories-EUR", "Food"), "\u20ac12.50")

        // the filter panel: every field goes into the URL, and a bookmark of it shows the same view
        browser.open("/app/statistics?from=2026-03-01&to=2026-03-31")
        browser.driver.findElement(By.cssSelector("details.filters summary")).click()
        browser.fill("Text", "bread")
        browser.fill("Direction", "expense")
        browser.driver.findElement(By.xpath("//label[normalize-space()='Cash']/input")).click()
        browser.click("Apply")
        assertContains(browser.path, "text=bread")
        assertContains(browser.path, "modes=cash")
        assertContains(browser.path, "direction=expense")
        val bookmark = browser.path
        assertEquals(listOf("Bread"), itemNames())
        assertContains(browser.driver.findElement(By.id("summary")).text, "\u20ac12.50")
        browser.open(bookmark)
        assertEquals(listOf("Bread"), itemNames())
        assertTrue(browser.driver.findElement(By.xpath("//label[normalize-space()='Cash']/input")).isSelected)

        browser.open("/app/statistics?from=2026-03-01&to=2026-03-31&weekdays=7&hasDocument=true")
        assertContains(browser.mainText(), "Nothing in this view")
        browser.open("/app/statistics?from=2026-03-31&to=2026-03-01")
        assertContains(browser.mainText(), "must not be after to")
        screen("statistics-refused")

        // the statement count does not grow with the data shown
        val cookie = "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value
        fun count(path: String) = statements.count {
            val response = api.send("GET", path, BodyPublishers.noBody(), headers = mapOf("Cookie" to cookie))
            check(response.status == 200) { "$path: ${response.status}" }
        }.second
        val empty = count("/app/statistics?from=2025-01-01&to=2025-01-31")
        val march = count("/app/statistics?from=2026-03-01&to=2026-03-31")
        assertTrue(march <= 16, "statistics: options, five statistics and items; took $march")
        assertTrue(empty <= march, "an empty month takes no more statements ($empty vs $march)")
    }

    @Test
    fun `another person's ids in the filter are refused, not shown`() {
        val other = Ledger(api)
        val theirs = other.account("Their secret account", "EUR")
        val me = Ledger(api)
        me.account("Mine", "EUR")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        browser.open("/app/statistics?accountIds=$theirs")
        assertContains(browser.mainText(), "is not one of yours")
        assertFalse(browser.driver.pageSource!!.contains("Their secret account"))
        browser.open("/app/statistics?weekdays=9&accountIds=nope")
        assertContains(browser.mainText(), "\u201cnope\u201d is not an id")
    }

    private fun row(table: String, label: String): String =
        browser.driver.findElements(By.cssSelector("#$table tbody tr"))
            .firstOrNull { it.findElement(By.tagName("th")).text.trim() == label }?.text
            ?: error("no row '$label' in #$table: ${browser.driver.findElements(By.id(table)).map { it.text }}")

    private fun itemNames() = browser.driver.findElements(By.cssSelector("#statistics-items tbody th a")).map { it.text.trim() }
}

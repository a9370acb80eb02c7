package outlay.recurring

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import org.springframework.beans.factory.annotation.Autowired
import outlay.support.BrowserTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import java.net.http.HttpRequest.BodyPublishers
import java.time.Instant
import java.util.UUID
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The recurring screens in Chromium, on the services of `/recurring-rules`. Rules start in 2031, clear of the real clock's runs. */
class RecurringPagesTest : BrowserTest() {
    @Autowired
    private lateinit var producer: RecurringProducer

    private fun person(): Pair<Ledger, String> {
        browser.driver.manage().deleteAllCookies()
        val me = Ledger(api)
        val account = me.account("Checking", "EUR")
        signIn(me.session.email)
        return me to account
    }

    private fun setDate(id: String, value: String) = browser.js("document.getElementById(arguments[0]).value = arguments[1]", id, value)

    /** The new-rule form: rent of 850.00 on the 1st of every month from [start]. */
    private fun fillRent(account: String, start: String) {
        browser.fill("Name", "Rent")
        browser.fill("Account", account)
        browser.fill("Amount", "850.00")
        browser.fill("Category", Fixtures.RENT)
        browser.fill("Unit", "months")
        browser.fill("Day of the month (optional)", "1")
        setDate("f-startDate", start)
    }

    private fun cookie() = mapOf("Cookie" to "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value)

    private fun page(path: String) = api.send("GET", path, BodyPublishers.noBody(), headers = cookie())

    @Test
    fun `a monthly rent rule is made in the page, records on its day, is edited and deleted`() {
        val (me, account) = person()
        browser.open("/app/more")
        browser.click("Recurring")
        assertContains(browser.mainText(), "No recurring rules yet")
        browser.click("New rule")
        fillRent(account, "2031-03-01")
        screen("recurring-new")
        browser.click("Save rule")
        assertContains(browser.mainText(), "Rule saved.")
        assertContains(browser.mainText(), "Every month on day 1")
        val rule = ok(me.get("/recurring-rules")).json.first()
        assertEquals("850.00", rule.path("items").first().path("amount").asString())
        assertEquals("2031-03-01", rule.path("nextDate").asString())

        val user = UUID.fromString(ok(me.get("/me")).text("id"))
        val id = UUID.fromString(rule.path("id").asString())
        producer.produce(user, id, Instant.parse("2031-04-02T12:00:00Z"))
        browser.open("/app/recurring/$id")
        assertEquals(2, browser.driver.findElements(By.cssSelector("a[href^='/app/transactions/']")).size, "March and April recorded")
        screen("recurring-rule")
        val (_, count) = statements.count { page("/app/recurring/$id") }
        assertTrue(count <= 8, "rule page: rule, occurrences, accounts, categories, sellers with locations; took $count")

        browser.fill("Amount", "900.00")
        browser.click("Save changes")
        assertContains(browser.mainText(), "Rule saved.")
        assertEquals("900.00", ok(me.get("/recurring-rules/$id")).json.path("items").first().path("amount").asString())

        browser.open("/app/recurring")
        assertContains(browser.mainText(), "Rent")
        val (_, listCount) = statements.count { page("/app/recurring") }
        assertTrue(listCount <= 7, "rule list: rules, pending occurrences, accounts, categories, sellers with locations; took $listCount")
        browser.click("Rent")
        browser.click("Delete rule")
        assertContains(browser.mainText(), "Delete this rule?")
        browser.click("Delete")
        assertContains(browser.mainText(), "Rule deleted.")
        assertEquals(0, ok(me.get("/recurring-rules")).json.size())
        assertEquals(2, ok(me.get("/transactions?accountId=$account")).json.path("items").size(), "what it recorded stays")
    }

    @Test
    fun `a rule that asks first - Home says what waits, and one day is confirmed and one skipped on the page`() {
        val (me, account) = person()
        browser.open("/app/recurring/new")
        fillRent(account, "2031-01-01")
        browser.fill("When its day comes", "confirm")
        browser.click("Save rule")
        assertContains(browser.mainText(), "Rule saved.")
        val rule = ok(me.get("/recurring-rules")).json.first()
        assertEquals("confirm", rule.path("action").asString())
        producer.produce(UUID.fromString(ok(me.get("/me")).text("id")), UUID.fromString(rule.path("id").asString()), Instant.parse("2031-02-02T12:00:00Z"))
        assertEquals(0, ok(me.get("/transactions?accountId=$account")).json.path("items").size(), "nothing recorded before it is confirmed")

        browser.open("/app")
        browser.click("2 recurring transactions to confirm")
        assertEquals("/app/recurring", browser.path)
        assertEquals(2, browser.driver.findElements(By.cssSelector("#pending li")).size)
        screen("recurring-pending")
        browser.click("Confirm")
        assertContains(browser.mainText(), "Recorded.")
        val recorded = ok(me.get("/transactions?accountId=$account")).json.path("items")
        assertEquals(listOf("2031-01-01"), recorded.values().map { it.path("date").asString() }, "the oldest day, once")
        browser.click("Skip")
        assertContains(browser.mainText(), "Skipped.")
        assertTrue(browser.driver.findElements(By.id("pending")).isEmpty(), "nothing waits any more")
        assertEquals(1, ok(me.get("/transactions?accountId=$account")).json.path("items").size())
        browser.open("/app")
        assertTrue(browser.driver.findElements(By.id("home-pending")).isEmpty())
    }

    @Test
    fun `bad input is explained beside its field and saves nothing`() {
        val (me, account) = person()
        browser.open("/app/recurring/new")
        browser.fill("Name", "Gym")
        browser.fill("Account", account)
        browser.fill("Amount", "12.345")
        browser.fill("Category", Fixtures.FOOD)
        setDate("f-startDate", "2031-05-10")
        browser.click("Save rule")
        assertContains(browser.driver.findElement(By.id("f-amount-error")).text, "more decimals than EUR allows")
        assertEquals("12.345", browser.field("Amount").getDomProperty("value"), "what was typed stays")
        browser.fill("Amount", "abc")
        browser.click("Save rule")
        assertContains(browser.driver.findElement(By.id("f-amount-error")).text, "decimal")
        browser.fill("Amount", "30.00")
        setDate("f-endDate", "2031-05-01")
        browser.click("Save rule")
        assertContains(browser.driver.findElement(By.id("f-endDate-error")).text, "Must not be before startDate")
        assertEquals(0, ok(me.get("/recurring-rules")).json.size())
    }

    @Test
    fun `another person's rule cannot be opened, edited or deleted`() {
        val owner = Ledger(api)
        val ownerAccount = owner.account()
        val rule = ok(owner.post("/recurring-rules", RecurringApiTest.rentRule(ownerAccount)), 201).text("id")
        val asking = ok(owner.post("/recurring-rules", RecurringApiTest.rentRule(ownerAccount, "action" to "confirm", "dayOfMonth" to 1)), 201).text("id")
        producer.produce(UUID.fromString(ok(owner.get("/me")).text("id")), UUID.fromString(asking), Instant.parse("2031-01-02T12:00:00Z"))
        val waiting = ok(owner.get("/recurring-rules/pending")).body
        person()
        browser.open("/app/recurring/$rule")
        assertContains(browser.mainText(), "Page not found")
        browser.open("/app/recurring")
        val csrf = browser.driver.findElement(By.id("csrf")).getDomAttribute("data-token")
        for (action in listOf("/app/recurring/$rule", "/app/recurring/$rule/delete", "/app/recurring/$asking/occurrences/2031-01-01")) {
            val response = api.send(
                "POST", action, BodyPublishers.ofString("_csrf=$csrf&confirmed=true&decision=confirm&name=Mine&items%5B0%5D.amount=1.00"),
                contentType = "application/x-www-form-urlencoded", headers = cookie(),
            )
            assertEquals(404, response.status, action)
        }
        browser.open("/app/recurring")
        assertContains(browser.mainText(), "No recurring rules yet")
        assertEquals("Rent", ok(owner.get("/recurring-rules/$rule")).text("name"), "unchanged")
        assertEquals(waiting, ok(owner.get("/recurring-rules/pending")).body, "still waiting for its owner")
    }
}

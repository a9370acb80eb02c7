package outlay.budgets

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import java.net.http.HttpRequest.BodyPublishers
import java.time.LocalDate
import java.time.ZoneOffset
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class BudgetPagesTest : BrowserTest() {

    @Test
    fun `set a budget in the page, see it on Home with what is left per day, and bad input is explained and changes nothing`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        val today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
        ok(me.transaction(wallet, today.toString(), me.item("12.00", Fixtures.FOOD, "description" to "Groceries")), 201)
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        browser.open("/app/more")
        browser.click("Budgets")
        assertEquals("/app/budgets", browser.path)
        assertContains(browser.mainText(), "Choose a home currency first")
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        browser.open("/app/budgets")

        browser.fill("Amount per month (EUR)", "12.345")
        browser.click("Save budget")
        assertContains(browser.driver.findElement(By.id("f-amount-error")).text, "more decimals than EUR allows")
        assertEquals(0, ok(me.get("/budgets")).json.size(), "a refused budget is not saved")

        browser.fill("Budget for", "overall")
        browser.fill("Amount per month (EUR)", "400")
        browser.click("Save budget")
        assertContains(browser.mainText(), "Budget saved.")
        browser.fill("Budget for", Fixtures.FOOD)
        browser.fill("Amount per month (EUR)", "50")
        browser.click("Save budget")
        val food = browser.driver.findElement(By.id("budget-${Fixtures.FOOD}")).text
        assertContains(food, "\u20ac12.00 spent of \u20ac50.00")
        assertContains(food, "\u20ac38.00 left")
        screen("budgets")

        browser.open("/app")
        val home = browser.driver.findElement(By.id("home-budget")).text
        assertContains(home, "\u20ac12.00 spent of \u20ac400.00")
        val days = today.lengthOfMonth() - today.dayOfMonth + 1
        val perDay = java.math.BigDecimal("388.00").divide(days.toBigDecimal(), 2, java.math.RoundingMode.DOWN)
        assertContains(home, "\u20ac388.00 left \u00b7 \u20ac$perDay a day")
        screen("home-budget")

        browser.open("/app/budgets")
        browser.js("window.confirm = () => true")
        browser.driver.findElement(By.cssSelector("#budget-${Fixtures.FOOD} button")).let { button -> browser.navigate { button.click() } }
        assertContains(browser.mainText(), "Budget removed.")
        assertEquals(listOf("overall"), ok(me.get("/budgets")).json.values().map { it.path("categoryId").asString("overall") }.map { if (it == "null") "overall" else it })
    }

    @Test
    fun `the page counts a CAD expense at its rate, names CHF without a rate, and refuses an archived category`() {
        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val card = me.account("Card", "CAD")
        val franc = me.account("Francs", "CHF")
        val today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
        ok(me.put("/rates/CAD/EUR/${today.withDayOfMonth(1)}", mapOf("rate" to "0.9")))
        ok(me.transaction(card, today.toString(), me.item("50.00", Fixtures.FOOD)), 201)
        ok(me.transaction(franc, today.toString(), me.item("20.00", Fixtures.FOOD)), 201)
        ok(me.put("/budgets/${Fixtures.FOOD}", mapOf("amount" to "100")))
        ok(me.put("/budgets/overall", mapOf("amount" to "400")))
        val old = ok(me.post("/categories", mapOf("name" to "Old hobby", "icon" to "category")), 201).text("id")
        ok(me.put("/categories/$old", mapOf("name" to "Old hobby", "icon" to "category", "archived" to true)))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        browser.open("/app/budgets")
        val food = browser.driver.findElement(By.id("budget-${Fixtures.FOOD}")).text
        assertContains(food, "\u20ac45.00 spent of \u20ac100.00", message = "CAD 50.00 at 0.9, the walkthrough's case")
        assertContains(food, "Not included, no rate from CHF to EUR:")
        assertContains(food, "20.00 this month")
        browser.open("/app")
        assertContains(browser.driver.findElement(By.id("home-budget")).text, "\u20ac45.00 spent of \u20ac400.00", message = "Home converts as the budgets page does")

        browser.open("/app/budgets")
        // the form offers no archived category: a crafted request sends one
        browser.js("const o = document.createElement('option'); o.value = arguments[0]; o.selected = true; document.getElementById('f-target').append(o)", old)
        browser.fill("Amount per month (EUR)", "5")
        browser.click("Save budget")
        assertContains(browser.driver.findElement(By.id("f-target-error")).text, "archived")
        assertEquals(2, ok(me.get("/budgets")).json.size(), "nothing saved")
    }

    @Test
    fun `another user's category is refused in the page, their budget stays, and a render takes a fixed number of statements`() {
        val other = Ledger(api)
        ok(other.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val theirs = ok(other.post("/categories", mapOf("name" to "Theirs", "icon" to "category")), 201).text("id")
        ok(other.put("/budgets/$theirs", mapOf("amount" to "10.00")))

        val me = Ledger(api)
        ok(me.put("/me/preferences", mapOf("homeCurrency" to "EUR", "timeZone" to "UTC")))
        val wallet = me.account("Wallet", "EUR")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        val cookie = mapOf("Cookie" to "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value)
        fun render() = statements.count {
            val response = api.send("GET", "/app/budgets", BodyPublishers.noBody(), headers = cookie)
            check(response.status == 200) { "/app/budgets: ${response.status}" }
        }.second
        ok(me.put("/budgets/overall", mapOf("amount" to "100")))
        ok(me.put("/budgets/${Fixtures.FOOD}", mapOf("amount" to "20")))
        val small = render()
        ok(me.put("/budgets/${Fixtures.RENT}", mapOf("amount" to "30")))
        repeat(3) { ok(me.transaction(wallet, "2026-0${it + 1}-10", me.item("1.00", Fixtures.FOOD), me.item("2.00", Fixtures.RENT)), 201) }
        val large = render()
        assertEquals(small, large, "as many statements for two budgets as for three, with transactions")
        assertTrue(large <= 5, "budgets page: preferences (once, for today and the home currency), budgets, names, spending, categories; took $large")
        val home = statements.count { check(api.send("GET", "/app", BodyPublishers.noBody(), headers = cookie).status == 200) }.second
        assertTrue(home <= 11, "Home with an overall budget: one statement more than without (the month's expenses are read anyway), with the pending recurring days counted; took $home")

        browser.open("/app/budgets")
        // a value the form never offers, as a crafted request would send it
        browser.js("const o = document.createElement('option'); o.value = arguments[0]; o.selected = true; document.getElementById('f-target').append(o)", theirs)
        browser.fill("Amount per month (EUR)", "5")
        browser.click("Save budget")
        assertContains(browser.driver.findElement(By.id("f-target-error")).text, "Category not found")
        browser.navigate {
            browser.js("const f = document.querySelector('#budget-overall form'); f.action = '/app/budgets/' + arguments[0] + '/delete'; f.submit()", theirs)
        }
        assertContains(browser.mainText(), "Page not found")
        assertEquals("10.00", ok(other.get("/budgets")).json[0].path("amount").asString(), "their budget is unchanged")
        assertEquals(3, ok(me.get("/budgets")).json.size())
    }
}

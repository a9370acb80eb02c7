package outlay.web

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import org.openqa.selenium.support.ui.Select
import org.springframework.beans.factory.annotation.Autowired
import outlay.recurring.RecurringProducer
import outlay.support.BrowserTest
import outlay.support.Fixtures
import java.time.LocalDate
import java.time.ZoneOffset
import java.util.UUID
import kotlin.test.assertContains
import kotlin.test.assertEquals

/**
 * The money model as a new person meets it, only through the pages: a home currency, a card
 * expense in USD, a transfer from EUR savings to the USD card, a food budget, a monthly rent rule;
 * then the month's spending in the home currency against the budgets, with the transfer not
 * counted as spending and the rent recorded on the 1st. The test runs the recurring producer
 * itself (its schedule is off in tests), as the minute's sweep would.
 */
class MoneyEndToEndTest : BrowserTest() {
    @Autowired
    private lateinit var producer: RecurringProducer

    /** Chooses the option of [label]'s select whose text starts with [text], as a person reads the list. */
    private fun choose(label: String, text: String) {
        val select = Select(browser.field(label))
        val option = select.options.firstOrNull { it.text.trim().startsWith(text) } ?: error("no option '$text' in $label: ${select.options.map { it.text }}")
        select.selectByValue(option.getDomAttribute("value")!!)
    }

    private fun text(id: String): String = browser.driver.findElement(By.id(id)).text

    private fun account(name: String, currency: String) {
        browser.open("/app/accounts/new")
        browser.fill("Name", name)
        browser.fill("Currency", currency)
        browser.click("Create account")
        assertContains(browser.mainText(), "Account \u201c$name\u201d created.")
    }

    @Test
    fun `home currency, a USD expense, a transfer, budgets and a rent rule give the month in EUR against the budget`() {
        val today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
        val first = today.withDayOfMonth(1)
        browser.driver.manage().deleteAllCookies()
        val email = signUp("Mia")

        browser.open("/app/more")
        browser.click("Preferences")
        browser.fill("Home currency", "EUR")
        browser.fill("Time zone", "UTC")
        browser.click("Save preferences")
        account("Savings", "EUR")
        account("US card", "USD")

        browser.open("/app/more")
        browser.click("Exchange rates")
        browser.fill("From currency", "USD")
        browser.fill("To currency", "EUR")
        browser.js("arguments[0].value = arguments[1]", browser.field("Day"), first.toString())
        browser.fill("Rate", "0.92")
        browser.click("Save rate")
        assertContains(text("rates"), "1 USD = 0.92 EUR")

        browser.open("/app/draft")
        choose("Account", "US card")
        browser.driver.findElement(By.id("item-0-amount")).sendKeys("50.00")
        browser.driver.findElement(By.id("item-0-description")).sendKeys("Groceries")
        browser.js("document.getElementById(arguments[0]).click()", "item-0-cat-${Fixtures.FOOD}")
        browser.click("Save expense")
        assertContains(browser.mainText(), "Expense saved.")

        browser.open("/app/transfers/new")
        choose("From", "Savings")
        choose("To", "US card")
        browser.fill("Amount sent", "100.00")
        browser.fill("Amount received", "108.00")
        browser.click("Record transfer")
        assertContains(browser.mainText(), "Transfer recorded.")

        browser.open("/app/more")
        browser.click("Budgets")
        browser.fill("Budget for", "overall")
        browser.fill("Amount per month (EUR)", "1000")
        browser.click("Save budget")
        browser.fill("Budget for", Fixtures.FOOD)
        browser.fill("Amount per month (EUR)", "200")
        browser.click("Save budget")

        browser.open("/app/more")
        browser.click("Recurring")
        browser.click("New rule")
        browser.fill("Name", "Rent")
        choose("Account", "Savings")
        browser.fill("Amount", "850.00")
        browser.fill("Category", Fixtures.RENT)
        browser.fill("Unit", "months")
        browser.fill("Day of the month (optional)", "1")
        browser.js("document.getElementById('f-startDate').value = arguments[0]", first.toString())
        browser.click("Save rule")
        assertContains(browser.mainText(), "Rule saved.")

        // the producer's sweep, for this person's rule only (other tests' rules are theirs)
        val token = api.login(email).text("accessToken")
        val user = UUID.fromString(api.get("/me", token).text("id"))
        val rule = UUID.fromString(api.get("/recurring-rules", token).json.first().path("id").asString())
        producer.produce(user, rule, clock.instant())

        browser.open("/app")
        assertContains(text("month-home"), "Spent in all (EUR)")
        assertContains(text("month-home"), "\u20ac896.00", message = "850.00 rent + 50.00 USD at 0.92; the 100.00 transfer is not spending")
        assertContains(text("home-budget"), "\u20ac896.00 spent of \u20ac1,000.00")

        browser.open("/app/budgets")
        assertContains(text("budget-${Fixtures.FOOD}"), "\u20ac46.00 spent of \u20ac200.00")

        browser.open("/app/transactions?from=$first&to=$first")
        val onTheFirst = browser.driver.findElements(By.cssSelector("#tx-pages .day li")).map { it.text }
        assertEquals(1, onTheFirst.count { "\u20ac850.00" in it }, "the rent, recorded on the 1st: $onTheFirst")

        browser.open("/app/accounts")
        val accounts = browser.mainText()
        assertContains(accounts, "-\u20ac950.00", message = "savings: -100.00 sent, -850.00 rent")
        assertContains(accounts, "$58.00", message = "card: +108.00 received, -50.00 spent")
    }
}

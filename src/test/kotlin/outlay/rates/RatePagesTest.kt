package outlay.rates

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import kotlin.test.assertContains
import kotlin.test.assertEquals

class RatePagesTest : BrowserTest() {

    private fun enter(base: String, quote: String, day: String, rate: String) {
        browser.fill("From currency", base)
        browser.fill("To currency", quote)
        browser.js("arguments[0].value = arguments[1]", browser.field("Day"), day)
        browser.fill("Rate", rate)
        browser.click("Save rate")
    }

    @Test
    fun `enter a rate, see it refused with a message when over-precise, remove it, another person's rate stays theirs`() {
        browser.driver.manage().deleteAllCookies()
        val email = signUp("Ria")
        browser.open("/app/more")
        browser.click("Exchange rates")
        assertContains(browser.mainText(), "No rates of your own")

        enter("usd", "EUR", "2026-03-02", "0.12345678901")
        assertContains(browser.driver.findElement(By.id("f-rate-error")).text, "at most 10 integer and 10 decimal digits")
        enter("USD", "EUR", "2200-01-01", "0.9215")
        assertContains(browser.driver.findElement(By.id("f-day-error")).text, "Must be between 1900-01-01 and 2199-12-31")
        assertContains(browser.mainText(), "No rates of your own", message = "nothing stored")
        enter("usd", "EUR", "2026-03-02", "0.9215")
        assertContains(browser.mainText(), "Rate saved: 1 USD = 0.9215 EUR on 2026-03-02.")
        assertContains(browser.driver.findElement(By.id("rates")).text, "1 USD = 0.9215 EUR")
        screen("rates")

        browser.driver.manage().deleteAllCookies()
        signUp("Leo")
        browser.open("/app/rates")
        // Leo's page has no list at all (the form's hint mentions an example rate, so the list is what is checked).
        assertContains(browser.mainText(), "No rates of your own")
        assertEquals(0, browser.driver.findElements(By.id("rates")).size)
        enter("GBP", "EUR", "2026-03-01", "1.17")
        // Leo's remove button aimed at Ria's rate: not found, and Ria's rate stays.
        browser.js(
            "const f = document.querySelector('#rates form'); f.querySelector('[name=base]').value = 'USD'; f.querySelector('[name=day]').value = '2026-03-02'",
        )
        browser.driver.findElement(By.cssSelector("#rates form button")).let { button -> browser.navigate { button.click() } }
        assertContains(browser.mainText(), "Page not found")

        browser.driver.manage().deleteAllCookies()
        signIn(email)
        browser.open("/app/rates")
        assertContains(browser.driver.findElement(By.id("rates")).text, "1 USD = 0.9215 EUR")
        browser.driver.findElement(By.cssSelector("#rates form button")).let { button -> browser.navigate { button.click() } }
        assertContains(browser.mainText(), "Rate removed.")
        assertEquals(0, browser.driver.findElements(By.id("rates")).size)
    }
}

package outlay.web

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.openqa.selenium.By
import org.springframework.boot.test.web.server.LocalServerPort
import outlay.support.ApiTest
import outlay.support.Browser
import outlay.support.Fixtures
import outlay.support.Ledger
import kotlin.test.assertContains
import kotlin.test.assertEquals

/**
 * Progressive enhancement: in a Chromium with JavaScript off, a person signs in, enters an expense
 * with two items (the "Add item" button posts the form and the server adds the row), saves it,
 * and sees it in the list.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WithoutJavaScriptTest : ApiTest() {
    @LocalServerPort
    private var serverPort = 0
    private lateinit var browser: Browser

    @BeforeAll
    fun startBrowser() {
        browser = Browser("http://127.0.0.1:$serverPort", javascript = false)
    }

    @AfterAll
    fun stopBrowser() = browser.close()

    private fun input(id: String) = browser.driver.findElement(By.id(id))

    private fun fillItem(i: Int, amount: String, description: String) {
        input("item-$i-amount").sendKeys(amount)
        input("item-$i-description").sendKeys(description)
        // the picker opens (a <details>, no script needed); the icon's label is what a person clicks
        input("item-$i-category").click()
        browser.driver.findElement(By.xpath("//input[@id='item-$i-cat-${Fixtures.FOOD}']/parent::label")).click()
    }

    @Test
    fun `sign in, an expense with two items, save, the list`() {
        val me = Ledger(api)
        me.account("Wallet", "EUR")
        browser.open("/app/signin")
        assertEquals("undefined", browser.js("return typeof window.htmx"), "the page's scripts do not run")
        browser.fill("Email", me.session.email)
        browser.fill("Password", outlay.support.Api.PASSWORD)
        browser.click("Sign in")

        browser.open("/app/draft")
        fillItem(0, "12.50", "Apples")
        browser.click("Add item")
        assertEquals("Apples", input("item-0-description").getDomProperty("value"), "the server kept the first row")
        fillItem(1, "3.20", "Bread")
        browser.click("Save expense")
        assertContains(browser.mainText(), "Expense saved.")
        assertContains(browser.mainText(), "\u20ac15.70")

        browser.open("/app/transactions")
        val first = browser.driver.findElements(By.cssSelector("#tx-pages .day li")).first().text
        assertContains(first, "\u20ac15.70")
        assertEquals("15.70", me.get("/transactions").json.path("items").first().path("total").asString())
    }
}

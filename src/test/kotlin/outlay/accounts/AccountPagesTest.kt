package outlay.accounts

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

class AccountPagesTest : BrowserTest() {

    @Test
    fun `create an account, see it listed with its currency, edit it`() {
        browser.driver.manage().deleteAllCookies()
        signUp("Gil")
        browser.click("Create an account")
        assertEquals("/app/accounts/new", browser.path)
        screen("account-new")
        browser.fill("Name", "Everyday card")
        browser.fill("Currency", "CHF")
        browser.fill("Institution (optional)", "Alpine Bank")
        browser.click("Create account")

        assertEquals("/app/accounts", browser.path)
        assertContains(browser.mainText(), "Account \u201cEveryday card\u201d created.")
        val row = browser.driver.findElement(By.cssSelector("#accounts-active li")).text
        assertContains(row, "Everyday card")
        assertContains(row, "Alpine Bank")
        assertContains(row, "CHF")
        screen("accounts")

        browser.click("Everyday card")
        browser.fill("Name", "")
        browser.js("document.querySelectorAll('[required]').forEach(i => i.removeAttribute('required'))")
        browser.click("Save changes")
        assertContains(browser.driver.findElement(By.id("f-name-error")).text, "Must not be blank")
        screen("account-refused")
        browser.fill("Name", "Travel card")
        browser.click("Save changes")
        assertContains(browser.mainText(), "Account \u201cTravel card\u201d saved.")
        assertFalse(browser.mainText().contains("Everyday card"))

        browser.click("Home")
        assertContains(browser.mainText(), "Travel card")
        assertContains(browser.mainText(), "Nothing recorded this month")
        screen("home")
    }

    @Test
    fun `another person's account is not found`() {
        browser.driver.manage().deleteAllCookies()
        val owner = api.newSession()
        val id = api.post("/accounts", mapOf("name" to "Secret", "currency" to "EUR"), owner.accessToken).text("id")
        signUp("Hal")
        browser.open("/app/accounts/$id")
        assertContains(browser.mainText(), "Page not found")
        assertFalse(browser.driver.pageSource!!.contains("Secret"))
        screen("not-found")
        browser.open("/app/no-such-page")
        assertContains(browser.mainText(), "Page not found")
        browser.open("/app/accounts/not-a-uuid")
        assertContains(browser.mainText(), "Page not found")
    }
}

package outlay.web

import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource
import org.openqa.selenium.By
import outlay.support.Browser
import outlay.support.BrowserTest
import outlay.support.Fixtures
import java.nio.file.Files
import java.time.LocalDate
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/**
 * A new person's whole first visit, at phone and at desktop size, only through the pages: sign up,
 * an account, an expense with two items, a receipt PDF and an item photo, the list, the
 * statistics, an edit, the delete.
 */
class EndToEndTest : BrowserTest() {

    private fun input(id: String) = browser.driver.findElement(By.id(id))

    private fun upload(inputId: String, name: String, bytes: ByteArray) = browser.navigate {
        val path = Files.createTempDirectory("upload").resolve(name).also { Files.write(it, bytes) }.toAbsolutePath().toString()
        browser.js("document.getElementById(arguments[0]).classList.remove('visually-hidden')", inputId)
        input(inputId).sendKeys(path)
    }

    private fun fillItem(i: Int, amount: String, description: String) {
        input("item-$i-amount").sendKeys(amount)
        input("item-$i-description").sendKeys(description)
        browser.js("document.getElementById(arguments[0]).click()", "item-$i-cat-${Fixtures.FOOD}")
    }

    private fun row(table: String, label: String): String =
        browser.driver.findElements(By.cssSelector("#$table tbody tr")).firstOrNull { it.findElement(By.tagName("th")).text.trim() == label }?.text
            ?: error("no row '$label' in #$table")

    @ParameterizedTest
    @EnumSource(Browser.Size::class)
    fun `sign up, record a receipt with items and a photo, find it, read the month, edit it, delete it`(size: Browser.Size) {
        browser.driver.manage().deleteAllCookies()
        browser.resize(size)
        signUp("Eve")
        browser.click("Create an account")
        browser.fill("Name", "Wallet")
        browser.fill("Currency", "EUR")
        browser.click("Create account")
        assertContains(browser.mainText(), "Account \u201cWallet\u201d created.")

        browser.click("Home")
        browser.click("New expense")
        assertEquals("/app/draft", browser.path)
        upload("receipt-file", "till.pdf", Fixtures.uniquePdf())
        assertContains(browser.mainText(), "Receipt added.")
        fillItem(0, "12.50", "Apples")
        browser.click("Add item")
        fillItem(1, "3.20", "Bread")
        browser.fill("Seller (optional)", "Corner Market")
        browser.click("Add item")
        val apples = browser.driver.findElement(By.name("items[0].id")).getDomAttribute("value")!!
        upload("photo-$apples-file", "apples.png", Fixtures.PNG)
        assertContains(browser.mainText(), "Photo added.")
        assertContains(input("total").text, "\u20ac15.70")
        browser.click("Save expense")

        assertContains(browser.mainText(), "Expense saved.")
        val detail = browser.path
        assertContains(browser.mainText(), "Corner Market")
        assertContains(browser.mainText(), "till.pdf")
        assertContains(browser.mainText(), "\u20ac15.70")

        browser.open("/app/transactions")
        val first = browser.driver.findElements(By.cssSelector("#tx-pages .day li")).first().text
        assertContains(first, "Corner Market")
        assertContains(first, "\u20ac15.70")

        val today = LocalDate.now(clock)
        browser.open("/app/statistics?from=${today.withDayOfMonth(1)}&to=$today")
        assertContains(row("categories-EUR", "Food"), "\u20ac15.70")
        assertContains(browser.driver.findElement(By.id("summary")).text, "\u20ac15.70")

        browser.open(detail)
        browser.click("Edit")
        input("item-0-amount").apply { clear(); sendKeys("20.00") }
        browser.click("Save changes")
        assertEquals(detail, browser.path)
        assertContains(browser.mainText(), "\u20ac23.20")
        browser.open("/app/statistics?from=${today.withDayOfMonth(1)}&to=$today")
        assertContains(row("categories-EUR", "Food"), "\u20ac23.20")

        browser.open(detail)
        browser.click("Delete transaction")
        assertContains(browser.mainText(), "Delete this expense?")
        browser.click("Delete")
        assertContains(browser.mainText(), "Transaction deleted.")
        assertContains(browser.mainText(), "No transactions yet")
        browser.open(detail)
        assertContains(browser.mainText(), "Page not found")
        browser.open("/app/statistics?from=${today.withDayOfMonth(1)}&to=$today")
        assertFalse(browser.driver.findElements(By.cssSelector("#categories-EUR tbody tr")).any { it.text.contains("Food") }, "the month is empty again")
    }
}

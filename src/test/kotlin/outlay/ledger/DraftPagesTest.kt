package outlay.ledger

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class DraftPagesTest : BrowserTest() {

    /** A person with a Euro account, signed in in the browser; the API view of the same person. */
    private fun person(): Ledger {
        browser.driver.manage().deleteAllCookies()
        val me = Ledger(api)
        me.account("Wallet", "EUR")
        signIn(me.session.email)
        return me
    }

    private fun file(name: String, bytes: ByteArray): String =
        Files.createTempDirectory("upload").resolve(name).also { Files.write(it, bytes) }.toAbsolutePath().toString()

    /** Chooses [path] in the (visually hidden) file input [inputId]; with scripts on, the choice uploads at once. */
    private fun upload(inputId: String, path: String) = browser.navigate {
        browser.js("document.getElementById(arguments[0]).classList.remove('visually-hidden')", inputId)
        browser.driver.findElement(By.id(inputId)).sendKeys(path)
    }

    private fun fillItem(i: Int, amount: String, description: String, category: String) {
        browser.driver.findElement(By.id("item-$i-amount")).sendKeys(amount)
        browser.driver.findElement(By.id("item-$i-description")).sendKeys(description)
        browser.js("document.getElementById(arguments[0]).click()", "item-$i-cat-$category")
    }

    private fun itemId(i: Int): String = browser.driver.findElement(By.name("items[$i].id")).getDomAttribute("value")!!

    @Test
    fun `a new expense with two items, a receipt PDF and an item photo is saved with the right total`() {
        val me = person()
        browser.open("/app/draft")
        assertContains(browser.mainText(), "New expense")
        assertEquals("Wallet \u00b7 EUR", org.openqa.selenium.support.ui.Select(browser.field("Account")).firstSelectedOption.text)
        screen("draft-empty")

        upload("receipt-file", file("receipt.pdf", Fixtures.uniquePdf()))
        assertContains(browser.mainText(), "Receipt added.")
        assertContains(browser.driver.findElement(By.id("receipts")).text, "receipt.pdf")

        fillItem(0, "12.50", "Apples", Fixtures.FOOD)
        browser.click("Add item")
        fillItem(1, "3.20", "Bread", Fixtures.FOOD)
        browser.fill("Seller (optional)", "Corner Market")
        browser.click("Add item")
        assertContains(browser.driver.findElement(By.id("total")).text, "€15.70")
        assertEquals("Corner Market", browser.field("Seller (optional)").getDomProperty("value"))

        val apples = itemId(0)
        upload("photo-$apples-file", file("apples.png", Fixtures.PNG))
        assertContains(browser.mainText(), "Photo added.")
        assertContains(browser.driver.findElement(By.id("item-0")).text, "apples.png")
        val (_, fullCount) = statements.count { browser.open("/app/draft") }
        // the draft (1: items, documents and photos nested), accounts, categories, sellers and their locations (2): never one per item
        assertEquals(5, fullCount, "statements for the draft page")
        screen("draft")

        browser.click("Save expense")
        val id = Regex("/app/transactions/([0-9a-f-]{36})").matchEntire(browser.path)?.groupValues?.get(1)
            ?: error("expected the new transaction's page, got ${browser.path}")
        val saved = me.get("/transactions/$id")
        assertEquals(200, saved.status, saved.body)
        assertEquals("15.70", saved.text("total"))
        assertEquals(listOf("Apples", "Bread"), saved.json.path("items").values().map { it.path("description").asString() })
        assertEquals("Corner Market", saved.text("sellerName"))
        assertEquals(1, saved.json.path("documents").size())
        assertEquals(1, saved.json.path("items").first().path("images").size())

        val photo = saved.json.path("items").first().path("images").first().path("id").asString()
        val receipt = saved.json.path("documents").first().path("id").asString()
        val fetch = "return fetch(arguments[0]).then(r => r.status + ' ' + r.headers.get('content-type'))"
        assertEquals("200 image/png", browser.js(fetch, "/app/images/$photo"))
        assertEquals("200 application/pdf", browser.js(fetch, "/app/documents/$receipt"))

        browser.open("/app/draft")
        assertFalse(browser.mainText().contains("Apples"), "after saving, the draft starts empty")
    }

    @Test
    fun `refusals appear beside their field and change nothing`() {
        val me = person()
        browser.open("/app/draft")
        fillItem(0, "1.234", "Too precise", Fixtures.FOOD)
        browser.click("Add item")
        fillItem(1, "2", "No category", Fixtures.FOOD)
        browser.js("document.getElementById('item-1-cat-${Fixtures.FOOD}').checked = false")
        browser.click("Save expense")
        assertEquals("/app/draft", browser.path)
        assertContains(browser.driver.findElement(By.id("item-0-amount-error")).text, "more decimals than EUR allows")
        assertContains(browser.driver.findElement(By.id("item-1-category-error")).text, "Is required")
        screen("draft-refused")
        assertEquals(0, me.get("/transactions").json.path("items").size())

        browser.driver.findElement(By.id("item-1-quantity")).apply { clear(); sendKeys("lots") }
        browser.click("Keep for later")
        assertContains(browser.driver.findElement(By.id("item-1-quantity-error")).text, "Must be a number")
        assertEquals("lots", browser.driver.findElement(By.id("item-1-quantity")).getDomProperty("value"))

        upload("receipt-file", file("notes.txt", Fixtures.TEXT))
        assertContains(browser.mainText(), "The file was not added.")
        assertEquals(0, me.get("/transactions/draft").json.path("documents").size())
    }

    @Test
    fun `a form changed in another tab is refused as stale`() {
        val me = person()
        browser.open("/app/draft")
        me.put("/transactions/draft", mapOf("accountId" to me.get("/accounts").json.first().path("id").asString(), "note" to "from the phone"))
        fillItem(0, "5", "Late", Fixtures.FOOD)
        browser.click("Keep for later")
        assertContains(browser.mainText(), "changed in another tab")
        assertEquals("from the phone", browser.field("Note (optional)").getDomProperty("value"))
        assertEquals(0, me.get("/transactions/draft").json.path("items").size())
    }

    @Test
    fun `a post without the CSRF token is refused`() {
        val me = person()
        browser.open("/app/draft")
        fillItem(0, "5", "Forged", Fixtures.FOOD)
        browser.js("document.querySelectorAll('input[name=_csrf], #csrf').forEach(e => e.remove())")
        browser.click("Add item")
        assertContains(browser.mainText(), "This form has expired")
        assertEquals(0, me.get("/transactions/draft").json.path("items").size())
    }

    @Test
    fun `another person's draft items and files are not found`() {
        val other = Ledger(api)
        other.account()
        other.newDraft()
        val item = java.util.UUID.randomUUID()
        other.putItem(item, "3")
        val image = other.upload("/transactions/draft/items/$item/images", Fixtures.PNG, "secret.png").text("id")
        val document = other.upload("/transactions/draft/documents", Fixtures.uniquePdf()).text("id")

        person()
        browser.open("/app/images/$image")
        assertContains(browser.mainText(), "Page not found")
        browser.open("/app/documents/$document")
        assertContains(browser.mainText(), "Page not found")
        browser.open("/app/draft")
        // a crafted post naming the other person's item: the same form the page would send
        browser.navigate {
            browser.js(
                "const f = document.getElementById('draft-form'); f.action = arguments[0]; f.submit()",
                "/app/draft/items/$item/images/$image/delete",
            )
        }
        assertContains(browser.mainText(), "Page not found")
        assertEquals(1, other.get("/transactions/draft").json.path("items").first().path("images").size())
        assertTrue(other.get("/transactions/draft").json.path("documents").size() == 1)
    }

    @Test
    fun `a draft is discarded after a confirmation, and only the person's own`() {
        val other = Ledger(api)
        other.account()
        other.newDraft()
        other.putItem(java.util.UUID.randomUUID(), "3")
        val me = person()
        browser.open("/app/draft")
        fillItem(0, "4.20", "Soon gone", Fixtures.FOOD)
        browser.click("Keep for later")
        browser.click("Discard this draft")
        assertContains(browser.mainText(), "Discard this draft?")
        assertContains(browser.mainText(), "Its 1 item and 0 receipts or photos are removed.")
        assertEquals(1, me.get("/transactions/draft").json.path("items").size(), "asking changes nothing")
        browser.click("Discard")
        assertContains(browser.mainText(), "Draft discarded.")
        assertEquals(404, api.get("/transactions/draft", me.token).status)
        assertEquals(0, me.get("/transactions").json.path("items").size())
        assertEquals(1, other.get("/transactions/draft").json.path("items").size(), "another person's draft stays")
        browser.open("/app/draft")
        assertFalse(browser.mainText().contains("Soon gone"), "a new draft starts empty")
    }
}

package outlay.ledger

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.nio.file.Files
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

class TransactionEditPagesTest : BrowserTest() {

    private fun person(): Pair<Ledger, String> {
        browser.driver.manage().deleteAllCookies()
        val me = Ledger(api)
        val account = me.account("Wallet", "EUR")
        signIn(me.session.email)
        val created = me.transaction(
            account, "2026-05-04", me.item("12.50", Fixtures.FOOD, "description" to "Apples"), me.item("3.20", Fixtures.FOOD, "description" to "Bread"),
        )
        assertEquals(201, created.status, created.body)
        return me to created.text("id")
    }

    private fun upload(inputId: String, name: String, bytes: ByteArray) = browser.navigate {
        val path = Files.createTempDirectory("upload").resolve(name).also { Files.write(it, bytes) }.toAbsolutePath().toString()
        browser.js("document.getElementById(arguments[0]).classList.remove('visually-hidden')", inputId)
        browser.driver.findElement(By.id(inputId)).sendKeys(path)
    }

    private fun input(id: String) = browser.driver.findElement(By.id(id))

    private fun expenses(me: Ledger): String =
        me.post("/statistics/summary", mapOf("from" to "2026-05-01", "to" to "2026-05-31")).json.path("totals").first().path("expenses").asString()

    @Test
    fun `edit an item, add and remove rows, receipts and photos of a saved transaction`() {
        val (me, id) = person()
        assertEquals("15.70", expenses(me))
        browser.open("/app/transactions/$id/edit")
        assertContains(browser.mainText(), "Edit expense")
        assertEquals("Apples", input("item-0-description").getDomProperty("value"))
        assertContains(input("total").text, "\u20ac15.70")
        screen("transaction-edit")

        input("item-0-amount").apply { clear(); sendKeys("20.00") }
        browser.click("Save changes")
        assertEquals("/app/transactions/$id", browser.path, browser.mainText())
        assertEquals("23.20", me.get("/transactions/$id").text("total"))
        assertEquals("23.20", expenses(me), "the statistics follow the edit")

        browser.open("/app/transactions/$id/edit")
        upload("receipt-file", "till.pdf", Fixtures.uniquePdf())
        assertContains(browser.mainText(), "Receipt added.")
        val apples = me.get("/transactions/$id").json.path("items").first().path("id").asString()
        upload("photo-$apples-file", "apples.png", Fixtures.PNG)
        assertContains(browser.mainText(), "Photo added.")
        val stored = me.get("/transactions/$id").json
        assertEquals(listOf("till.pdf"), stored.path("documents").values().map { it.path("filename").asString() })
        assertEquals(1, stored.path("items").first().path("images").size())
        browser.driver.findElement(By.cssSelector("#item-0 .thumb button")).let { button -> browser.navigate { button.click() } }
        assertContains(browser.mainText(), "Photo removed.")
        assertEquals(0, me.get("/transactions/$id").json.path("items").first().path("images").size())

        input("item-2-amount").sendKeys("1.30")
        input("item-2-description").sendKeys("Milk")
        browser.js("document.getElementById(arguments[0]).click()", "item-2-cat-${Fixtures.FOOD}")
        browser.click("Add item")
        assertEquals(2, me.get("/transactions/$id").json.path("items").size(), "nothing is stored before Save")
        assertEquals("Milk", input("item-2-description").getDomProperty("value"))
        browser.click("Remove item 2")
        assertEquals("Milk", input("item-1-description").getDomProperty("value"))
        browser.click("Save changes")
        val edited = me.get("/transactions/$id").json
        assertEquals(listOf("Apples", "Milk"), edited.path("items").values().map { it.path("description").asString() })
        assertEquals("21.30", edited.path("total").asString())
        assertEquals("21.30", expenses(me))
    }

    @Test
    fun `a refused edit shows why beside the field and changes nothing`() {
        val (me, id) = person()
        browser.open("/app/transactions/$id/edit")
        input("item-1-amount").apply { clear(); sendKeys("1.999") }
        browser.fill("Date", "")
        browser.click("Save changes")
        assertContains(input("item-1-amount-error").text, "more decimals than EUR allows")
        assertContains(input("f-date-error").text, "Is required")
        assertEquals("1.999", input("item-1-amount").getDomProperty("value"))
        assertEquals("15.70", me.get("/transactions/$id").text("total"))
    }

    @Test
    fun `a date outside 1900 to 2199 is refused beside the field and changes nothing`() {
        val (me, id) = person()
        browser.open("/app/transactions/$id/edit")
        browser.js("arguments[0].value = arguments[1]", input("f-date"), "1899-12-31")
        browser.click("Save changes")
        assertContains(input("f-date-error").text, "Must be between 1900-01-01 and 2199-12-31")
        assertEquals("2026-05-04", me.get("/transactions/$id").text("date"))
    }

    @Test
    fun `an edit drawn before the transaction changed elsewhere is refused as stale and changes nothing`() {
        val (me, id) = person()
        browser.open("/app/transactions/$id/edit")
        val current = me.get("/transactions/$id").json
        val items = current.path("items").values().map { mapOf("id" to it.path("id").asString(), "amount" to it.path("amount").asString(), "categoryId" to Fixtures.FOOD) }
        val changed = me.put("/transactions/$id", mapOf("accountId" to current.path("accountId").asString(), "date" to "2026-05-04", "note" to "from the phone", "items" to items))
        assertEquals(200, changed.status, changed.body)
        input("item-1-amount").apply { clear(); sendKeys("9.99") }
        browser.click("Save changes")
        assertContains(browser.mainText(), "changed in another tab")
        assertEquals("from the phone", browser.field("Note (optional)").getDomProperty("value"), "the form shows what is stored now")
        assertEquals("15.70", me.get("/transactions/$id").text("total"))
    }

    @Test
    fun `delete asks first, then removes the transaction and its totals`() {
        val (me, id) = person()
        browser.open("/app/transactions/$id/edit")
        browser.click("Delete this expense")
        assertContains(browser.mainText(), "Delete this expense?")
        assertContains(browser.mainText(), "\u20ac15.70")
        assertEquals(200, me.get("/transactions/$id").status, "asking deletes nothing")
        screen("transaction-delete")
        browser.click("Delete")
        assertEquals("/app/transactions", browser.path)
        assertEquals(404, me.get("/transactions/$id").status)
        assertEquals(0, me.post("/statistics/summary", mapOf("from" to "2026-05-01", "to" to "2026-05-31")).json.path("totals").size())
    }

    @Test
    fun `another person's transaction cannot be opened, edited or deleted`() {
        val (owner, id) = person()
        browser.driver.manage().deleteAllCookies()
        signIn(Ledger(api).session.email)
        browser.open("/app/transactions/$id/edit")
        assertContains(browser.mainText(), "Page not found")
        assertFalse(browser.driver.pageSource!!.contains("Apples"))
        for (action in listOf("/app/transactions/$id/delete", "/app/transactions/$id/edit")) {
            browser.open("/app/draft")
            browser.navigate {
                browser.js("const f = document.getElementById('draft-form'); f.action = arguments[0]; f.submit()", action)
            }
            assertContains(browser.mainText(), "Page not found")
        }
        assertEquals("15.70", owner.get("/transactions/$id").text("total"))
    }
}

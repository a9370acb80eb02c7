package outlay.ledger

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import java.net.http.HttpRequest.BodyPublishers
import java.util.UUID
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class TransferPagesTest : BrowserTest() {

    private fun Ledger.accountWith(name: String, currency: String, opening: String) =
        ok(post("/accounts", mapOf("name" to name, "currency" to currency, "openingBalance" to opening)), 201).text("id")

    private fun balances(): Map<String, String> =
        browser.driver.findElements(By.cssSelector("#accounts-active li")).associate { it.text.lines().first() to it.findElement(By.cssSelector(".money")).text }

    @Test
    fun `recording a transfer from Home moves both balances, and it can be edited and deleted`() {
        val me = Ledger(api)
        val checking = me.accountWith("Checking", "EUR", "500.00")
        val card = me.accountWith("Travel card", "USD", "0")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        browser.open("/app/accounts")
        assertEquals(mapOf("Checking" to "\u20ac500.00", "Travel card" to "$0.00"), balances())

        browser.open("/app")
        browser.click("Transfer")
        assertEquals("/app/transfers/new", browser.path)
        browser.assertAccessible("new transfer")
        browser.fill("From", checking)
        browser.fill("To", card)
        browser.fill("Amount sent", "100.00")
        browser.fill("Amount received", "108.37")
        browser.fill("Note (optional)", "Holiday money")
        browser.click("Record transfer")
        assertEquals("/app/transactions", browser.path)
        assertContains(browser.mainText(), "Transfer recorded.")
        val row = browser.driver.findElement(By.cssSelector(".day li")).text
        assertContains(row, "Checking \u2192 Travel card")
        assertContains(row, "\u20ac100.00 \u2192 $108.37")
        screen("transfer-in-list")

        browser.open("/app/accounts")
        assertEquals(mapOf("Checking" to "\u20ac400.00", "Travel card" to "$108.37"), balances(), "both balances moved")
        browser.open("/app/transactions?accountId=$card")
        assertContains(browser.driver.findElement(By.cssSelector(".day li")).text, "Balance $108.37")

        browser.open("/app/transactions")
        browser.click("Checking \u2192 Travel card")
        assertEquals("Edit transfer", browser.driver.findElement(By.tagName("h1")).text)
        browser.fill("Amount sent", "50.00")
        browser.fill("Amount received", "54.10")
        browser.click("Save changes")
        assertContains(browser.mainText(), "Transfer saved.")
        browser.open("/app/accounts")
        assertEquals(mapOf("Checking" to "\u20ac450.00", "Travel card" to "$54.10"), balances())

        val id = ok(me.get("/transfers")).json.path("items")[0].path("id").asString()
        browser.open("/app/transfers/$id")
        browser.click("Delete transfer")
        assertContains(browser.mainText(), "Delete this transfer?")
        browser.click("Delete")
        assertContains(browser.mainText(), "Transfer deleted.")
        browser.open("/app/accounts")
        assertEquals(mapOf("Checking" to "\u20ac500.00", "Travel card" to "$0.00"), balances())
    }

    @Test
    fun `bad input is refused beside its field and records nothing, and pages cost a fixed number of statements`() {
        val me = Ledger(api)
        val a = me.accountWith("A", "EUR", "0")
        val b = me.accountWith("B", "EUR", "0")
        val yen = me.accountWith("Yen", "JPY", "0")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        fun attempt(from: String, to: String, amount: String, received: String = "") {
            browser.open("/app/transfers/new")
            browser.fill("From", from)
            browser.fill("To", to)
            browser.fill("Amount sent", amount)
            browser.fill("Amount received", received)
            browser.click("Record transfer")
        }
        fun error(label: String) = browser.driver.findElement(By.id("f-$label-error")).text
        attempt(a, a, "5.00")
        assertContains(error("toAccountId"), "another account")
        attempt(a, b, "5.001")
        assertContains(error("amount"), "more decimals than EUR allows")
        attempt(a, yen, "5.00")
        assertContains(error("receivedAmount"), "required between accounts of different currencies")
        attempt(a, b, "-3")
        assertContains(error("amount"), "positive decimal")
        assertEquals("-3", browser.field("Amount sent").getDomProperty("value"), "what was entered is kept")
        assertTrue(ok(me.get("/transfers")).json.path("items").isEmpty, "nothing was recorded")

        ok(me.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to a, "toAccountId" to b, "date" to "2026-02-01", "amount" to "1.00")), 201)
        val id = ok(me.get("/transfers")).json.path("items")[0].path("id").asString()
        val (_, form) = statements.count { page("/app/transfers/new") }
        val (_, edit) = statements.count { page("/app/transfers/$id") }
        assertTrue(form <= 2, "new transfer: the session's user and the accounts; took $form")
        assertTrue(edit <= 3, "edit: the session's user, the transfer and the accounts; took $edit")
        val (_, accounts) = statements.count { page("/app/accounts") }
        assertTrue(accounts <= 3, "accounts: the session's user, the accounts, their balances; took $accounts")
    }

    @Test
    fun `another person's transfer cannot be opened, edited or deleted, nor their account used`() {
        val owner = Ledger(api)
        val theirs = owner.accountWith("Secret savings", "EUR", "1000")
        val theirs2 = owner.accountWith("Secret checking", "EUR", "0")
        val secret = ok(owner.post("/transfers", mapOf("id" to UUID.randomUUID(), "fromAccountId" to theirs, "toAccountId" to theirs2, "date" to "2026-02-01", "amount" to "77.00", "note" to "Secret move")), 201).text("id")
        val me = Ledger(api)
        val mine = me.accountWith("Mine", "EUR", "0")
        me.accountWith("Mine too", "EUR", "0")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        browser.open("/app/transfers/$secret")
        assertContains(browser.mainText(), "Page not found")
        assertFalse(browser.driver.pageSource!!.contains("Secret move"))
        for (action in listOf("/app/transfers/$secret", "/app/transfers/$secret/delete")) {
            browser.open("/app/transfers/new")
            browser.navigate { browser.js("const f = document.querySelector('main form'); f.action = arguments[0]; f.submit()", action) }
            assertContains(browser.mainText(), "Page not found")
        }
        browser.open("/app/transfers/new")
        browser.js("const s = document.getElementById('f-toAccountId'); s.options[2].value = arguments[0]; s.selectedIndex = 2", theirs)
        browser.fill("From", mine)
        browser.fill("Amount sent", "5.00")
        browser.click("Record transfer")
        assertContains(browser.driver.findElement(By.id("f-toAccountId-error")).text, "not one of your accounts")
        assertEquals("77.00", ok(owner.get("/transfers/$secret")).text("sent"))
        assertEquals("923.00", ok(owner.get("/accounts/$theirs")).text("balance"))
        assertTrue(ok(me.get("/transfers")).json.path("items").isEmpty)
    }

    private fun sessionCookie() = "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value

    /** A page fetched with the browser's session, outside the browser (for counting its statements). */
    private fun page(path: String): String {
        val response = api.send("GET", path, BodyPublishers.noBody(), headers = mapOf("Cookie" to sessionCookie()))
        check(response.status == 200) { "GET $path: ${response.status}" }
        return response.body
    }
}

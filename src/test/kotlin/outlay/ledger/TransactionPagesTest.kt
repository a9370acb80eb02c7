package outlay.ledger

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.net.http.HttpRequest.BodyPublishers
import java.util.UUID
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class TransactionPagesTest : BrowserTest() {

    @Test
    fun `the list groups by day with whole-day totals per currency, and the filter narrows it`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        val card = me.account("Travel card", "USD")
        val bakery = me.post("/sellers", mapOf("name" to "Corner Bakery")).text("id")
        me.transaction(
            wallet, "2026-03-10", me.item("12.50", Fixtures.FOOD, "description" to "Bread"),
            me.item("3.00", Fixtures.FOOD, "description" to "Butter", "brand" to "Alpen"), extra = mapOf("sellerId" to bakery),
        )
        me.transaction(wallet, "2026-03-10", me.item("7.25", Fixtures.FOOD, "description" to "Coffee beans"))
        me.transaction(card, "2026-03-10", me.item("20.00", Fixtures.FOOD, "description" to "Taxi"))
        me.transaction(wallet, "2026-03-09", me.item("100.00", Fixtures.RENT, "description" to "Flat"), extra = mapOf("note" to "March rent"))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        browser.click("Transactions")
        assertEquals("/app/transactions", browser.path)
        val days = browser.driver.findElements(By.cssSelector(".day"))
        assertEquals(2, days.size)
        val head = days[0].findElement(By.cssSelector(".day-head")).text
        assertContains(head, "Tuesday, March 10, 2026")
        assertContains(head, "\u2212\u20ac22.75", message = "12.50 + 3.00 + 7.25 in euros")
        assertContains(head, "\u2212$20.00", message = "dollars apart from euros")
        assertEquals(3, days[0].findElements(By.cssSelector("li")).size)
        assertContains(days[0].text, "Corner Bakery")
        assertContains(days[0].text, "Bread, Butter")
        assertContains(days[1].text, "\u2212\u20ac100.00")
        assertContains(days[1].text, "March rent")
        screen("transactions")

        fun shown() = browser.driver.findElements(By.cssSelector(".day li")).map { it.text.lines().first() }
        browser.fill("Search", "alpen") // a brand
        browser.click("Filter")
        assertContains(browser.path, "text=alpen")
        assertEquals(listOf("Corner Bakery"), shown())
        assertContains(browser.driver.findElement(By.cssSelector(".day-head")).text, "\u2212\u20ac15.50", message = "a filtered day totals what matches")
        browser.fill("Search", "BAKERY") // a seller, any case
        browser.click("Filter")
        assertEquals(listOf("Corner Bakery"), shown())
        browser.fill("Search", "march rent") // a note
        browser.click("Filter")
        assertEquals(listOf("Flat"), shown())
        browser.fill("Search", "")
        browser.fill("Account", card)
        browser.click("Filter")
        assertEquals(listOf("Taxi"), shown())
        browser.open("/app/transactions?from=2026-03-09&to=2026-03-09")
        assertEquals(listOf("Flat"), shown())
        assertEquals("2026-03-09", browser.field("From").getDomProperty("value"))
        browser.open("/app/transactions?text=nothing-like-this")
        assertContains(browser.mainText(), "No matching transactions")
        screen("transactions-no-match")
        browser.open("/app/transactions?from=yesterday&cursor=bogus")
        assertContains(browser.mainText(), "is not a cursor this server issued")
        assertContains(browser.mainText(), "\u201cyesterday\u201d must be a date such as 2026-01-31 and was ignored")
    }

    @Test
    fun `a date filter the API refuses (outside 1900 to 2199, blank or padded) is named on the page and filters nothing`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        me.transaction(wallet, "2026-03-10", me.item("1.00", Fixtures.FOOD, "description" to "Bread"))
        assertEquals(400, me.get("/transactions?from=2200-01-01").status, "the API's rule")
        assertEquals(400, me.get("/transactions?to=%202026-03-01").status)
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        // either date, had it been read, would hide the one transaction
        browser.open("/app/transactions?from=2200-01-01&to=%202026-03-01")
        assertContains(browser.mainText(), "\u201c2200-01-01\u201d must be between 1900-01-01 and 2199-12-31 and was ignored")
        assertContains(browser.mainText(), "2026-03-01\u201d must be a date such as 2026-01-31 and was ignored", message = "padded")
        assertContains(browser.mainText(), "Bread")
        assertEquals("", browser.field("From").getDomProperty("value"))
        browser.open("/app/transactions?to=%20%20")
        assertContains(browser.mainText(), "must be a date such as 2026-01-31 and was ignored", message = "blank")
        assertContains(browser.mainText(), "Bread")
        browser.open("/app/transactions?from=&to=") // an empty field is no date, as in the API
        assertFalse(browser.mainText().contains("was ignored"))
        assertContains(browser.mainText(), "Bread")
    }

    @Test
    fun `more than one page loads more in place, and the next page works without JavaScript`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        me.transaction(wallet, "2026-01-01", me.item("1.00", Fixtures.FOOD, "description" to "Oldest"))
        val (_, one) = statements.count { page("/app/transactions") }
        // three on each of 1 to 4 February, two on the other days: the first page ends inside 2 February
        repeat(54) { me.transaction(wallet, "2026-02-%02d".format(1 + it % 25), me.item("${it + 2}.00", Fixtures.FOOD, "description" to "Thing $it")) }
        val (html, full) = statements.count { page("/app/transactions") }
        assertEquals(one, full, "a page of 50 takes as many statements as a page of 1")
        assertTrue(full <= 6, "list: accounts, headers, transfers, items with their images, documents, day totals; took $full")
        assertContains(html, "Load more")

        browser.open("/app/transactions")
        assertEquals(50, rows())
        browser.driver.findElement(By.linkText("Load more")).click() // htmx appends the next page; the page itself stays
        browser.waitUntil("the second page") { rows() == 55 }
        assertEquals("/app/transactions", browser.path, "loading more stays on the list")
        assertContains(browser.mainText(), "Oldest")
        assertTrue(browser.driver.findElements(By.linkText("Load more")).isEmpty())
        val headings = browser.driver.findElements(By.cssSelector(".day-head h2")).map { it.text }
        assertEquals(headings.distinct(), headings, "a day split across two pages keeps one heading")
        assertEquals(26, headings.size)

        browser.open("/app/transactions")
        val href = browser.driver.findElement(By.linkText("Load more")).getDomAttribute("href")!!
        assertContains(href, "cursor=")
        browser.open(href) // what a browser without JavaScript opens
        assertEquals(5, rows())
        assertEquals(3, browser.driver.findElements(By.cssSelector(".day-head h2")).size, "a page of its own heads each of its days")
        assertContains(browser.mainText(), "That is everything.")
    }

    @Test
    fun `the detail shows header, items with their photos, receipts, and links to edit and delete`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        val seller = me.post("/sellers", mapOf("name" to "Green Grocer")).text("id")
        val draft = me.newDraft()
        me.put("/transactions/draft", mapOf("accountId" to wallet, "date" to "2026-03-01", "time" to "12:30", "mode" to "cash", "sellerId" to seller, "note" to "weekly shop"))
        val apples = UUID.randomUUID()
        me.putItem(apples, "12.40", Fixtures.FOOD, "quantity" to 2, "description" to "Apples", "brand" to "Orchard")
        me.putItem(UUID.randomUUID(), "1.50", Fixtures.FOOD, "isReduction" to true, "description" to "Coupon")
        val document = me.upload("/transactions/draft/documents", Fixtures.PDF, "receipt.pdf", mapOf("kind" to "receipt")).text("id")
        val image = me.upload("/transactions/draft/items/$apples/images", Fixtures.JPEG, "apples.jpg").text("id")
        val id = Ledger.ok(me.post("/transactions", mapOf("draftId" to draft.path("id").asString())), 201).text("id")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)

        browser.click("Transactions")
        browser.click("Green Grocer")
        assertEquals("/app/transactions/$id", browser.path)
        val text = browser.mainText()
        listOf("Green Grocer", "Sunday, March 1, 2026", "12:30", "Wallet (EUR)", "Cash", "weekly shop", "\u2212\u20ac10.90", "2 ITEMS").forEach {
            assertContains(text, it)
        }
        val items = browser.driver.findElements(By.cssSelector("#items > li")).map { it.text }
        assertEquals(2, items.size)
        assertContains(items[0], "Apples")
        assertContains(items[0], "Food \u00b7 Orchard \u00b7 \u00d7 2")
        assertContains(items[0], "\u20ac12.40")
        assertContains(items[1], "Coupon")
        assertContains(items[1], "Reduction")
        assertContains(items[1], "+\u20ac1.50", message = "a reduction gives money back")
        val photo = browser.driver.findElement(By.cssSelector("#items img"))
        assertEquals("/app/images/$image", photo.getDomAttribute("src"))
        assertEquals("Photo 1 of Apples", photo.getDomAttribute("alt"))
        val receipt = browser.driver.findElement(By.id("documents")).text
        assertContains(receipt, "receipt.pdf")
        assertContains(receipt, "Receipt \u00b7 PDF")
        val links = browser.driver.findElements(By.cssSelector("#documents a")).map { it.getDomAttribute("href") }
        assertEquals(listOf("/app/documents/$document", "/app/documents/$document"), links)
        assertEquals("/app/transactions/$id/edit", browser.driver.findElement(By.linkText("Edit")).getDomAttribute("href"))
        assertEquals(
            "/app/transactions/$id/delete",
            browser.driver.findElement(By.xpath("//button[normalize-space()='Delete transaction']/ancestor::form")).getDomAttribute("action"),
        )
        screen("transaction")

        val (_, count) = statements.count { page("/app/transactions/$id") }
        assertTrue(count <= 4, "detail: header, items with their images, documents, account; took $count")
    }

    @Test
    fun `another person's transaction is not found, and after signing out Back shows nothing private`() {
        val owner = Ledger(api)
        val secret = owner.transaction(owner.account(), "2026-03-01", owner.item("9.99", Fixtures.FOOD, "description" to "Secret gift")).text("id")
        browser.driver.manage().deleteAllCookies()
        val mine = Ledger(api)
        mine.transaction(mine.account(), "2026-03-02", mine.item("4.20", Fixtures.FOOD, "description" to "Private lunch"))
        signIn(mine.session.email)

        browser.open("/app/transactions/$secret")
        assertContains(browser.mainText(), "Page not found")
        assertFalse(browser.driver.pageSource!!.contains("Secret gift"))
        assertFalse(page("/app/transactions?text=secret").contains("Secret gift"))

        browser.open("/app/transactions")
        assertContains(browser.mainText(), "Private lunch")
        val headers = api.send("GET", "/app/transactions", BodyPublishers.noBody(), headers = mapOf("Cookie" to sessionCookie())).headers
        assertContains(headers.entries.first { it.key.equals("Cache-Control", true) }.value.joinToString(), "no-store")
        browser.click("Sign out")
        assertEquals("/app/signin", browser.path.substringBefore('?'))
        browser.navigate { browser.driver.navigate().back() }
        assertFalse(browser.driver.pageSource!!.contains("Private lunch"), "Back after signing out shows nothing private")
        assertEquals("/app/signin", browser.path.substringBefore('?'))
    }

    private fun rows() = browser.driver.findElements(By.cssSelector("#tx-pages li")).size

    private fun sessionCookie() = "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value

    /** A page fetched with the browser's session, outside the browser (for counting its statements). */
    private fun page(path: String): String {
        val response = api.send("GET", path, BodyPublishers.noBody(), headers = mapOf("Cookie" to sessionCookie()))
        check(response.status == 200) { "GET $path: ${response.status}" }
        return response.body
    }
}

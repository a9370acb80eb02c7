package outlay.exchange

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import outlay.support.Ledger
import java.net.http.HttpRequest.BodyPublishers
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class ImportPagesTest : BrowserTest() {
    private val sample: String = Path.of("src/test/resources/exchange/semicolon-bom-decimal-comma.csv").toAbsolutePath().toString()

    private fun upload() {
        browser.open("/app/import")
        browser.field("File").sendKeys(sample)
        browser.click("Upload and preview")
    }

    @Test
    fun `upload, map, preview and confirm a bank CSV, the same file again records nothing, another person cannot see the preview`() {
        val me = Ledger(api)
        val account = me.account("Girokonto", "EUR")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        val (_, startCount) = statements.count { page("/app/import") }
        assertTrue(startCount <= 2, "upload page: the accounts; took $startCount")
        browser.click("Import")
        assertEquals("/app/import", browser.path)
        screen("import")

        // no file: said in the page, nothing uploaded
        browser.click("Upload and preview")
        assertContains(browser.driver.findElement(By.id("f-file-error")).text, "Choose a file")

        upload()
        val previewPath = browser.path
        assertTrue(previewPath.startsWith("/app/import/") && previewPath.endsWith("?account=$account"), previewPath)
        assertContains(browser.mainText(), "4 rows read: 4 to record")
        assertEquals("dd.MM.yyyy", browser.field("Date format").getDomProperty("value"))
        assertEquals("Betrag", browser.field("Amount column (signed)").getDomProperty("value"))
        assertEquals(4, browser.driver.findElements(By.cssSelector("#import-rows li")).size)
        screen("import-preview")
        val (_, previewCount) = statements.count { page(previewPath) }
        assertTrue(previewCount <= 10, "preview page: upload, accounts, the account, mapping, categories, keys, sellers; took $previewCount")

        // a mapping that cannot read the dates: every row is a problem, named by line and column; nothing recorded
        browser.fill("Date format", "yyyy-MM-dd")
        browser.click("Update preview")
        assertContains(browser.driver.findElement(By.id("import-problems")).text, "Line 2")
        assertEquals(0, me.get("/transactions").json.path("items").size())
        browser.fill("Date format", "dd.MM.yyyy")
        browser.fill("Description column", "Verwendungszweck")
        browser.click("Update preview")
        assertFalse(browser.driver.findElements(By.id("import-problems")).isNotEmpty())

        browser.click("Import 4 transactions")
        assertTrue(browser.path.endsWith("/done"), browser.path)
        assertContains(browser.mainText(), "4 transactions recorded")
        assertContains(browser.mainText(), "0 duplicates skipped")
        screen("import-done")
        assertEquals(4, me.get("/transactions").json.path("items").size())

        // the same file again: every row marked as imported before, and confirming records nothing
        upload()
        assertContains(browser.mainText(), "4 already imported")
        assertEquals(4, browser.driver.findElements(By.cssSelector("#import-rows li .duplicate, #import-rows .row.duplicate")).size)
        browser.click("Import 0 transactions")
        assertContains(browser.mainText(), "0 transactions recorded")
        assertContains(browser.mainText(), "4 duplicates skipped")
        assertEquals(4, me.get("/transactions").json.path("items").size())

        // another person: the preview and the result of this upload are not found
        val other = Ledger(api)
        val theirs = other.account("Theirs", "EUR")
        browser.driver.manage().deleteAllCookies()
        signIn(other.session.email)
        val id = previewPath.removePrefix("/app/import/").substringBefore('?')
        browser.open("/app/import/$id?account=$theirs")
        assertContains(browser.mainText(), "Page not found")
        browser.open("/app/import/$id/done")
        assertContains(browser.mainText(), "Page not found")
        assertFalse(browser.driver.pageSource!!.contains("REWE"))
    }

    @Test
    fun `a QIF file's ambiguous dates can be read the other way round in the page before importing`() {
        val me = Ledger(api)
        me.account("Checking", "EUR")
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        val qif = Files.createTempDirectory("qif").resolve("checking.qif")
        Files.writeString(qif, "!Type:Bank\nD03/04/2026\nT-12.50\nPBakery\n^\nD05/06/2026\nT-20.00\nPMarket\n^\n")
        browser.open("/app/import")
        browser.field("File").sendKeys(qif.toAbsolutePath().toString())
        browser.click("Upload and preview")
        assertContains(browser.mainText(), "2 rows read: 2 to record")
        val detected = browser.field("Date format").getDomProperty("value")
        val (other, expected) = if (detected == "MM/dd/yyyy") "dd/MM/yyyy" to listOf("2026-04-03", "2026-06-05") else "MM/dd/yyyy" to listOf("2026-03-04", "2026-05-06")

        browser.fill("Date format", other)
        browser.click("Update preview")
        val rows = browser.driver.findElement(By.id("import-rows")).text
        expected.forEach { assertContains(rows, it, message = "read as $other") }
        browser.fill("Date format", "yyyy-MM-dd")
        browser.click("Update preview")
        assertContains(browser.driver.findElement(By.id("import-problems")).text, "Not a date in the format yyyy-MM-dd")
        assertEquals(0, me.get("/transactions").json.path("items").size(), "a preview records nothing")

        browser.fill("Date format", other)
        browser.click("Update preview")
        browser.click("Import 2 transactions")
        assertContains(browser.mainText(), "2 transactions recorded")
        val dates = me.get("/transactions").json.path("items").values().map { it.path("date").asString() }.sorted()
        assertEquals(expected, dates, "recorded with the corrected format")
    }

    @Test
    fun `export offers the filtered CSV and the archive, leaving needs the password and removes the person`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet", "EUR")
        me.transaction(wallet, "2026-02-03", me.item("4.20", outlay.support.Fixtures.FOOD, "description" to "Coffee"))
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        browser.open("/app/statistics?from=2026-02-01&to=2026-02-28")
        browser.click("Export CSV")
        assertEquals("/app/export?from=2026-02-01&to=2026-02-28", browser.path)
        screen("export")
        val (csv, csvCount) = statements.count { page("/app/export/transactions.csv?from=2026-02-01&to=2026-02-28") }
        assertContains(csv, "Coffee")
        assertTrue(csvCount <= 8, "CSV export: filter check and the rows; took $csvCount")
        assertFalse(page("/app/export/transactions.csv?from=2026-03-01&to=2026-03-31").contains("Coffee"))
        // another person's account in the filter: refused in the page, no file
        val stranger = Ledger(api).account("Stranger", "EUR")
        val refused = api.send("GET", "/app/export/transactions.csv?accountIds=$stranger", BodyPublishers.noBody(), headers = cookie())
        assertEquals(400, refused.status)
        assertContains(refused.body, "accountIds")
        browser.open("/app/export?accountIds=$stranger")
        assertContains(browser.mainText(), "AccountIds:")
        assertTrue(browser.driver.findElements(By.linkText("Download CSV")).isEmpty(), "no download for a refused filter")
        browser.open("/app/export?from=2026-13-01")
        assertContains(browser.mainText(), "From:")

        val otherDevice = cookie() // this session stays open while another one deletes the account
        browser.driver.manage().deleteAllCookies()
        signIn(me.session.email)
        browser.open("/app/account/delete")
        screen("leave")
        browser.fill("Password", "not my password")
        browser.js("window.confirm = () => true")
        browser.click("Delete my account and all my data")
        assertContains(browser.driver.findElement(By.id("f-password-error")).text, "not your current password")
        assertEquals(1, me.get("/transactions").json.path("items").size(), "a wrong password changes nothing")
        browser.fill("Password", outlay.support.Api.PASSWORD)
        browser.js("window.confirm = () => true")
        browser.click("Delete my account and all my data")
        assertEquals("/app/signin", browser.path.substringBefore('?'))
        assertEquals(401, api.post("/auth/login", mapOf("email" to me.session.email, "password" to outlay.support.Api.PASSWORD)).status)
        val stale = api.send("GET", "/app/accounts", BodyPublishers.noBody(), headers = otherDevice)
        assertEquals(302, stale.status, "the other device's session ended with the account")
        assertContains(stale.header("Location") ?: "", "/app/signin")
    }

    private fun cookie() = mapOf("Cookie" to "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value)

    /** A page fetched with the browser's session, outside the browser (for counting its statements). */
    private fun page(path: String): String {
        val response = api.send("GET", path, BodyPublishers.noBody(), headers = cookie())
        check(response.status == 200) { "GET $path: ${response.status}" }
        return response.body
    }
}

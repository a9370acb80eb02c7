package outlay.web

import org.junit.jupiter.api.Test
import outlay.support.Api
import outlay.support.BrowserTest
import tools.jackson.databind.json.JsonMapper
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertTrue

/**
 * Every page's first load with a cold cache stays within 150 KB transferred (compressed, headers
 * included), counted from Chromium's own network events. Writes the figures to target/page-weight.md.
 */
class PageWeightTest : BrowserTest() {
    private val mapper = JsonMapper.builder().build()

    @Test
    fun `every page's first load is at most 150 KB`() {
        val session = api.newSession()
        val token = session.accessToken
        val account = api.post("/accounts", mapOf("name" to "Wallet", "currency" to "EUR"), token).text("id")
        val category = api.post("/categories", mapOf("name" to "Coffee", "icon" to "local_cafe"), token).text("id")
        val seller = api.post("/sellers", mapOf("name" to "Corner Bakery"), token).text("id")
        val today = java.time.LocalDate.ofInstant(clock.instant(), java.time.ZoneOffset.UTC).toString()
        val items = (1..3).map { mapOf("id" to java.util.UUID.randomUUID().toString(), "amount" to "$it.50", "categoryId" to category, "description" to "Item $it") }
        val transaction = api.post("/transactions", mapOf("accountId" to account, "date" to today, "sellerId" to seller, "items" to items), token).text("id")
        val pages = listOf(
            "/app/signin", "/app/signup", "/app", "/app/more", "/app/accounts", "/app/accounts/new", "/app/accounts/$account",
            "/app/categories", "/app/categories/new", "/app/categories/$category", "/app/sellers", "/app/sellers/new",
            "/app/sellers/$seller", "/app/transactions", "/app/transactions/$transaction", "/app/statistics",
        )
        browser.driver.manage().deleteAllCookies()
        val weights = mutableListOf<Pair<String, Weight>>()
        for (page in pages) {
            if (page == "/app") signIn(session.email, Api.PASSWORD)
            weights += page.replace(Regex("[0-9a-f-]{36}"), "{id}") to coldLoad(page)
        }
        val report = buildString {
            appendLine("| page | requests | transferred (bytes) |")
            appendLine("|---|---:|---:|")
            weights.forEach { (page, w) -> appendLine("| `$page` | ${w.requests} | ${"%,d".format(w.bytes)} |") }
        }
        Files.createDirectories(Path.of("target"))
        Files.writeString(Path.of("target", "page-weight.md"), report)
        val heavy = weights.filter { it.second.bytes > 150 * 1024 }
        assertTrue(heavy.isEmpty(), "Pages over 150 KB:\n$report")
        assertTrue(weights.all { it.second.requests >= 4 }, "every page loads its stylesheet and scripts:\n$report")
    }

    data class Weight(val requests: Int, val bytes: Long)

    /** Opens [path] with an empty cache and sums the bytes Chromium received for it and everything it loaded. */
    private fun coldLoad(path: String): Weight {
        browser.driver.executeCdpCommand("Network.clearBrowserCache", emptyMap())
        browser.performanceLog() // drop earlier events
        browser.open(path)
        browser.waitUntil("$path and its icon sprite to load") {
            browser.js("return document.readyState === 'complete' && performance.getEntriesByType('resource').some(e => e.name.includes('icons.svg'))") == true
        }
        // the document plus every resource it loaded; DevTools events may trail the page by a moment
        val expected = (browser.js("return performance.getEntriesByType('resource').length") as Long).toInt() + 1
        val finished = mutableListOf<tools.jackson.databind.JsonNode>()
        browser.waitUntil("the network events of $path") {
            finished += browser.performanceLog().map { mapper.readTree(it).path("message") }
                .filter { it.path("method").asString() == "Network.loadingFinished" }
            finished.size >= expected
        }
        return Weight(finished.size, finished.sumOf { it.path("params").path("encodedDataLength").asLong() })
    }
}

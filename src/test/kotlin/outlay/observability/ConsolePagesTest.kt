package outlay.observability

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import org.springframework.test.context.TestPropertySource
import outlay.support.BrowserTest
import outlay.support.Ledger
import java.time.Duration
import java.time.Instant
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

@TestPropertySource(properties = ["outlay.admin.emails=Operator@Example.test, other@example.test", "outlay.profiling.continuous=true"])
class ConsolePagesTest : BrowserTest() {

    @Test
    fun `an operator watches the routes, SQL and runtime, takes a profile and views a past window`() {
        val me = Ledger(api)
        val account = me.account()
        assertEquals(201, me.transaction(account, "2026-02-01", me.item("1.00"), me.item("2.00")).status)
        repeat(3) { assertEquals(200, me.get("/transactions").status) }
        assertEquals(404, me.get("/transactions/00000000-0000-7000-8000-00000000dead").status)

        browser.driver.manage().deleteAllCookies()
        api.register(OPERATOR)
        signIn(OPERATOR)
        browser.open("/app/more")
        browser.click("Operator console")
        assertEquals("/app/admin", browser.path)
        val list = routeRow("GET /transactions")
        assertEquals("3", list[0], "requests")
        assertTrue(list[7] in setOf("Green", "Yellow", "Red"), "the p95's colour by the seed's thresholds, written out: $list")
        assertEquals("1", routeRow("GET /transactions/{id}")[2], "the 404 counts as a client error")
        screen("console-routes")

        browser.click("SQL")
        assertTrue(browser.driver.findElements(By.cssSelector("#slowest-sql tbody tr")).isNotEmpty())
        assertContains(browser.driver.findElement(By.id("statements-per-request")).text, "GET /transactions")
        screen("console-sql")

        browser.click("Runtime")
        assertContains(browser.driver.findElement(By.id("jvm")).text, "Heap used")
        assertContains(browser.driver.findElement(By.id("hash-pool")).text, "Threads")
        val health = browser.driver.findElements(By.cssSelector("#health tbody tr")).associate { it.findElement(By.tagName("th")).text to it.text }
        assertContains(health["db"] ?: error("no db row: $health"), "UP")
        assertContains(health["diskSpace"] ?: error("no diskSpace row: $health"), "free:")
        screen("console-runtime")

        browser.click("Profiles")
        screen("console-profiles")
        browser.fill("Seconds", "1")
        flameGraph("Take profile", "console-profile-live")

        browser.open("/app/admin/profiles")
        flameGraph("Show window", "console-profile-past")
        assertContains(browser.driver.pageSource!!, "Outlay: cpu from")

        assertEquals(400, status("/app/admin/profiles/live?event=heat&seconds=1"))
        assertEquals(400, status("/app/admin/profiles/live?seconds=0"))
        assertEquals(400, status("/app/admin/profiles/past?from=2001-01-01T00:00:00Z&to=2001-01-01T00:01:00Z"))
        assertEquals(400, status("/app/admin/profiles/past?from=noon&to=13:00"))
    }

    @Test
    fun `to anyone but an operator every console URL is not found`() {
        browser.driver.manage().deleteAllCookies()
        signUp("Ivy")
        browser.open("/app/more")
        assertFalse(browser.mainText().contains("Operator console"))
        val now = Instant.now()
        for (url in CONSOLE_URLS + "/app/admin/profiles/past?event=cpu&from=${now.minusSeconds(60)}&to=$now") {
            assertEquals(404, status(url), url)
        }
        browser.open("/app/admin")
        assertContains(browser.mainText(), "Page not found")
    }

    /** The cells after the route in the routes table's row for [route]. */
    private fun routeRow(route: String): List<String> = browser.driver.findElements(By.cssSelector("#red tbody tr"))
        .firstOrNull { it.findElement(By.tagName("th")).text == route }?.findElements(By.tagName("td"))?.map { it.text }
        ?: error("no row for $route in ${browser.mainText()}")

    /** Submits the profile form of [button]; the answer is async-profiler's flame-graph page (a canvas, no app layout). */
    private fun flameGraph(button: String, name: String) {
        browser.driver.findElements(By.xpath("//main//button")).first { it.text.trim() == button }.click()
        browser.waitUntil("a flame graph", Duration.ofSeconds(60)) {
            browser.path.startsWith("/app/admin/profiles/") && browser.js("return document.readyState") == "complete" &&
                browser.driver.findElements(By.tagName("canvas")).isNotEmpty()
        }
        browser.screenshot(SCREENSHOTS.resolve("$name.png"))
    }

    /** The status the server answers this browser's session for [path] (redirects not followed). */
    private fun status(path: String): Int = (
        browser.driver.executeAsyncScript(
            "const done = arguments[arguments.length - 1];" +
                "fetch(arguments[0], {redirect: 'manual'}).then(r => done(r.status), e => done(-1));",
            path,
        ) as Number
        ).toInt()

    private companion object {
        const val OPERATOR = "operator@example.test"
        val CONSOLE_URLS = listOf(
            "/app/admin", "/app/admin?minutes=1", "/app/admin/sql", "/app/admin/runtime", "/app/admin/profiles",
            "/app/admin/profiles/live?event=cpu&seconds=1", "/app/admin/profiles/live", "/app/admin/no-such-page",
        )
    }
}

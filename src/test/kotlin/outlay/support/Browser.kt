package outlay.support

import org.openqa.selenium.By
import org.openqa.selenium.JavascriptExecutor
import org.openqa.selenium.WebElement
import org.openqa.selenium.chrome.ChromeDriver
import org.openqa.selenium.chrome.ChromeDriverService
import org.openqa.selenium.chrome.ChromeOptions
import org.openqa.selenium.logging.LogType
import org.openqa.selenium.logging.LoggingPreferences
import tools.jackson.databind.json.JsonMapper
import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration
import java.util.Base64
import java.util.logging.Level
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * A real headless Chromium (Debian's `chromium` and `chromium-driver`, which scripts/test.sh
 * installs) driven through chromedriver. Paths are explicit, so Selenium Manager never downloads
 * anything. One per test class: [close] it after the class.
 */
class Browser(private val baseUrl: String, private val javascript: Boolean = true) : AutoCloseable {
    // Chromium's temporary files (its profile, and the singleton socket's folder it leaves behind even after a clean
    // quit) go here, and go with the browser: each test class left a folder in /tmp before
    private val temp: Path = Files.createTempDirectory("outlay-browser")
    val driver: ChromeDriver = start()

    /** The viewport sizes every screen is checked and photographed at. */
    enum class Size(val width: Int, val height: Int, val mobile: Boolean) { PHONE(360, 800, true), DESKTOP(1280, 800, false) }

    fun open(path: String) = driver.get(baseUrl + path)

    val path: String get() = java.net.URI(driver.currentUrl!!).let { it.rawPath + (it.rawQuery?.let { q -> "?$q" } ?: "") }

    /** The visible text of the page's main region (what a person reads). */
    fun mainText(): String = driver.findElement(By.tagName("main")).text

    fun title(): String = driver.title ?: ""

    /** The input, select or textarea labelled [label] (by its `<label for>`). */
    fun field(label: String): WebElement {
        val labelElement = driver.findElements(By.tagName("label")).firstOrNull { it.text.trim() == label }
            ?: fail("No field labelled '$label' on ${path}: ${mainText()}")
        return driver.findElement(By.id(labelElement.getDomAttribute("for")!!))
    }

    fun fill(label: String, value: String) {
        val element = field(label)
        if (element.tagName == "select") {
            org.openqa.selenium.support.ui.Select(element).selectByValue(value)
        } else {
            element.clear()
            element.sendKeys(value)
        }
    }

    /** Clicks the button or link whose text (or its first line, for list rows) is [text] and waits for the next page to load. */
    fun click(text: String) {
        val target = driver.findElements(By.xpath("//main//button | //main//a | //nav//a | //nav//button"))
            .firstOrNull { it.isDisplayed && (it.text.trim() == text || it.text.trim().lines().first() == text) }
            ?: fail("No visible button or link '$text' on $path")
        // as a person would: scrolled to the middle of the screen, clear of a phone's fixed tab bar
        js("arguments[0].scrollIntoView({block: 'center'})", target)
        navigate { target.click() }
    }

    /** Submits the form around [label]'s field (Enter in a text field) and waits for the response page. */
    fun submit(label: String) = navigate { field(label).submit() }

    /**
     * Runs [action] and waits until the page it leads to is shown: a full load, or an htmx swap of
     * the body (which keeps `<body>`, so the marker goes on `<main>`, which every page replaces).
     */
    fun navigate(action: () -> Unit) {
        val marker = "outlay-" + System.nanoTime()
        js("const m = document.querySelector('main'); if (m) m.dataset.stale = arguments[0]", marker)
        action()
        waitUntil("the next page to load") {
            js(
                "const m = document.querySelector('main');" +
                    "return document.readyState === 'complete' && !!m && m.dataset.stale !== arguments[0]" +
                    " && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')",
                marker,
            ) == true
        }
    }

    fun waitUntil(what: String, timeout: Duration = Duration.ofSeconds(20), condition: () -> Boolean) {
        val end = System.nanoTime() + timeout.toNanos()
        while (!condition()) {
            if (System.nanoTime() > end) fail("Timed out waiting for $what on $path")
            Thread.sleep(50)
        }
    }

    fun js(script: String, vararg args: Any?): Any? = (driver as JavascriptExecutor).executeScript(script, *args)

    private var size = Size.DESKTOP

    fun resize(size: Size) {
        this.size = size
        metrics(size.height)
    }

    private fun metrics(height: Int) {
        driver.executeCdpCommand(
            "Emulation.setDeviceMetricsOverride",
            mapOf("width" to size.width, "height" to height, "deviceScaleFactor" to 1, "mobile" to size.mobile),
        )
    }

    /**
     * A PNG of the whole page at the current width: the viewport is stretched to the page's height
     * for the capture, so fixed parts (side bar, tab bar) sit where they would on a tall screen.
     */
    fun screenshot(file: Path) {
        val height = (js("return Math.ceil(document.documentElement.scrollHeight)") as Number).toInt()
        metrics(maxOf(size.height, height))
        try {
            val result = driver.executeCdpCommand("Page.captureScreenshot", mapOf("format" to "png"))
            Files.createDirectories(file.parent)
            Files.write(file, Base64.getDecoder().decode(result["data"] as String))
        } finally {
            metrics(size.height)
        }
    }

    /** Runs axe-core (from the test classpath, injected into the page) and fails on serious or critical violations. */
    fun assertAccessible(label: String) {
        if (js("return typeof window.axe") != "object") js(AXE_SOURCE)
        val json = driver.executeAsyncScript(
            "const done = arguments[arguments.length - 1];" +
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)), e => done('error: ' + e));",
        ) as String
        assertTrue(!json.startsWith("error:"), "axe-core failed on $label: $json")
        val bad = mapper.readTree(json).values().filter { it.path("impact").asString() in setOf("serious", "critical") }
        assertTrue(bad.isEmpty(), "Accessibility violations on $label:\n" + bad.joinToString("\n") { v ->
            "- ${v.path("id").asString()} (${v.path("impact").asString()}): ${v.path("help").asString()} at " +
                v.path("nodes").values().take(3).joinToString { it.path("target").toString() }
        })
    }

    /** The browser's raw DevTools events since the last call (Network.* for page weight). */
    fun performanceLog(): List<String> = driver.manage().logs().get(LogType.PERFORMANCE).all.map { it.message }

    override fun close() {
        try {
            driver.quit()
        } finally {
            temp.toFile().deleteRecursively()
        }
    }

    private fun start(): ChromeDriver {
        val service = ChromeDriverService.Builder().usingDriverExecutable(File(CHROMEDRIVER)).usingAnyFreePort()
            .withEnvironment(mapOf("TMPDIR" to temp.toString())).build()
        val options = ChromeOptions().apply {
            setBinary(CHROMIUM)
            addArguments(
                "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1280,800",
                "--lang=en-US", "--no-first-run", "--disable-extensions", "--disable-background-networking",
            )
            // the pages' own scripts off (as in a browser with JavaScript disabled); WebDriver's still run
            val scripts = if (javascript) emptyMap() else mapOf("profile.managed_default_content_settings.javascript" to 2)
            setExperimentalOption("prefs", mapOf("intl.accept_languages" to "en-US,en") + scripts)
            setCapability("goog:loggingPrefs", LoggingPreferences().apply { enable(LogType.PERFORMANCE, Level.ALL) })
        }
        return ChromeDriver(service, options).also {
            it.manage().timeouts().scriptTimeout(Duration.ofSeconds(30))
            it.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30))
        }
    }

    companion object {
        val CHROMIUM: String = System.getenv("OUTLAY_CHROMIUM") ?: "/usr/bin/chromium"
        val CHROMEDRIVER: String = System.getenv("OUTLAY_CHROMEDRIVER") ?: "/usr/bin/chromedriver"
        private val mapper = JsonMapper.builder().build()
        private val AXE_SOURCE: String by lazy {
            Browser::class.java.getResourceAsStream("/axe.min.js")?.use { String(it.readAllBytes()) }
                ?: error("axe.min.js is not on the test classpath (com.deque.html.axe-core:selenium)")
        }
    }
}

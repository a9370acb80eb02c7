package outlay.support

import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.BeforeAll
import org.junit.jupiter.api.TestInstance
import org.springframework.boot.test.web.server.LocalServerPort
import java.nio.file.Path

/**
 * Base for browser tests: the real server (as in [ApiTest]) and one headless Chromium for the
 * whole class. [screen] checks a page at phone and desktop size: axe-core finds no serious or
 * critical violation, and a full-page screenshot lands in target/screenshots/<name>-<width>.png.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BrowserTest : ApiTest() {
    @LocalServerPort
    private var serverPort = 0

    protected lateinit var browser: Browser

    @BeforeAll
    fun startBrowser() {
        browser = Browser("http://127.0.0.1:$serverPort")
    }

    @AfterAll
    fun stopBrowser() = browser.close()

    /** Checks and photographs the current page at both sizes, then leaves the browser at desktop size. */
    protected fun screen(name: String) {
        for (size in Browser.Size.entries) {
            browser.resize(size)
            browser.assertAccessible("$name at ${size.width} px")
            browser.screenshot(SCREENSHOTS.resolve("$name-${size.width}.png"))
        }
    }

    /** Signs up a new person through the sign-up page; returns their email. Leaves the browser on Home. */
    protected fun signUp(name: String = "Ann", email: String = Api.uniqueEmail(), password: String = Api.PASSWORD): String {
        browser.open("/app/signup")
        browser.fill("Your name", name)
        browser.fill("Email", email)
        browser.fill("Password", password)
        browser.click("Create account")
        return email
    }

    protected fun signIn(email: String, password: String = Api.PASSWORD) {
        browser.open("/app/signin")
        browser.fill("Email", email)
        browser.fill("Password", password)
        browser.click("Sign in")
    }

    companion object {
        val SCREENSHOTS: Path = Path.of("target", "screenshots")
    }
}

package outlay.auth

import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** Signing up, in and out in a real browser, and what the session cookie may and may not do. */
class AuthPagesTest : BrowserTest() {

    @BeforeEach
    fun signedOut() = browser.driver.manage().deleteAllCookies()

    @Test
    fun `sign up, sign out, sign in`() {
        browser.open("/")
        assertEquals("/app/signin", browser.path, "the root sends a stranger to sign in")
        screen("signin")
        browser.click("Create an account")
        screen("signup")
        val email = signUp("Ann Example")
        assertEquals("/app", browser.path)
        assertContains(browser.mainText(), "Hello, Ann Example")
        assertContains(browser.mainText(), "Start with an account", message = "a new person is told to create an account")
        screen("home-empty")

        browser.click("Sign out")
        assertEquals("/app/signin?signedOut", browser.path)
        assertContains(browser.mainText(), "You are signed out.")
        browser.open("/app")
        assertEquals("/app/signin", browser.path, "the session is gone")

        signIn(email)
        assertEquals("/app", browser.path)
        assertContains(browser.mainText(), "Hello, Ann Example")
    }

    @Test
    fun `refusals are shown beside the field`() {
        val email = signUp("Bo")
        browser.driver.manage().deleteAllCookies()

        signIn(email, "wrong password")
        assertEquals("/app/signin", browser.path)
        assertContains(browser.mainText(), "The email or password is incorrect.")
        assertEquals(email, browser.field("Email").getDomProperty("value"), "the email is kept, the password is not")
        assertEquals("", browser.field("Password").getDomProperty("value"))

        browser.open("/app/signup")
        browser.fill("Your name", "Bo again")
        browser.fill("Email", email)
        browser.fill("Password", "short")
        browser.js("document.querySelectorAll('input').forEach(i => { i.removeAttribute('minlength'); i.removeAttribute('required') })")
        browser.click("Create account")
        val passwordError = browser.driver.findElement(By.id("f-password-error")).text
        assertContains(passwordError, "8 to 128 characters")
        screen("signup-refused")

        browser.fill("Password", "long enough password")
        browser.click("Create account")
        assertContains(browser.driver.findElement(By.id("f-email-error")).text, "already exists")
    }

    @Test
    fun `signing out and going back shows nothing private`() {
        signUp("Cy Private")
        browser.open("/app/more")
        assertContains(browser.mainText(), "Cy Private")
        browser.click("Sign out")
        browser.navigate { browser.driver.navigate().back() }
        assertFalse(browser.driver.pageSource!!.contains("Cy Private"), "the previous page must not come back from a cache")
        assertTrue(browser.path.startsWith("/app/signin"), browser.path)
    }

    @Test
    fun `a form post without the CSRF token is refused and changes nothing`() {
        signUp("Di")
        browser.open("/app/accounts/new")
        browser.fill("Name", "Forged")
        // a forged cross-site form has neither the hidden field nor the page's token for htmx
        browser.js("document.querySelectorAll('input[name=_csrf], #csrf').forEach(e => e.remove())")
        browser.click("Create account")
        assertContains(browser.mainText(), "This form has expired")
        browser.open("/app/accounts")
        assertFalse(browser.mainText().contains("Forged"))
    }

    @Test
    fun `a post carrying the session cookie but no CSRF token is refused`() {
        signUp("Gus")
        val cookie = browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value
        val forged = api.send(
            "POST", "/app/accounts", HttpRequest.BodyPublishers.ofString("name=Forged&currency=EUR"),
            contentType = "application/x-www-form-urlencoded", headers = mapOf("Cookie" to "OUTLAY_SESSION=$cookie"),
        )
        assertEquals(403, forged.status)
        assertContains(forged.body, "This form has expired")
        browser.open("/app/accounts")
        assertFalse(browser.mainText().contains("Forged"))
    }

    @Test
    fun `the session cookie never authorizes the JSON API`() {
        signUp("Ed")
        val cookie = browser.driver.manage().getCookieNamed("OUTLAY_SESSION")
        assertNotNull(cookie, "signed in with a session cookie")
        assertTrue(cookie.isHttpOnly)
        assertEquals("Lax", cookie.sameSite)
        val request = HttpRequest.newBuilder(URI.create(api.baseUrl + "/accounts")).header("Cookie", "OUTLAY_SESSION=${cookie.value}").build()
        val response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString())
        assertEquals(401, response.statusCode())
        assertContains(response.headers().firstValue("Content-Type").orElse(""), "application/problem+json")
    }

    @Test
    fun `an expired session sends the person to sign in with a message`() {
        signUp("Flo")
        browser.driver.manage().addCookie(org.openqa.selenium.Cookie("OUTLAY_SESSION", "bm90LWEtc2Vzc2lvbg", "/"))
        browser.open("/app/accounts")
        assertEquals("/app/signin?expired", browser.path)
        assertContains(browser.mainText(), "Your session has ended")
    }

    @Test
    fun `pages are private and not cached`() {
        val response = api.get("/app/signin")
        assertEquals(200, response.status)
        assertContains(response.header("Cache-Control") ?: "", "no-store")
        val private = api.get("/app/accounts")
        assertEquals(302, private.status)
        assertTrue(private.header("Location")!!.endsWith("/app/signin"))
    }
}

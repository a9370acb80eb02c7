package outlay.preferences

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import kotlin.test.assertContains
import kotlin.test.assertEquals

class PreferencePagesTest : BrowserTest() {

    @Test
    fun `choose a home currency and time zone, and a refused zone is explained and nothing changes`() {
        browser.driver.manage().deleteAllCookies()
        signUp("Ivo")
        browser.open("/app/more")
        browser.click("Preferences")
        assertEquals("/app/preferences", browser.path)
        assertEquals("UTC", browser.field("Time zone").getDomProperty("value"))
        browser.fill("Home currency", "NZD")
        browser.fill("Time zone", "Pacific/Auckland")
        browser.click("Save preferences")
        assertContains(browser.mainText(), "Preferences saved.")
        assertEquals("NZD", browser.field("Home currency").getDomProperty("value"))
        assertEquals("Pacific/Auckland", browser.field("Time zone").getDomProperty("value"))
        screen("preferences")

        // a value the form never offers, as a crafted request would send it
        browser.js("const o = document.createElement('option'); o.value = 'Mars/Olympus'; o.selected = true; document.getElementById('f-timeZone').append(o)")
        browser.click("Save preferences")
        assertContains(browser.driver.findElement(By.id("f-timeZone-error")).text, "time zone such as Europe/Berlin")
        browser.open("/app/preferences")
        assertEquals("Pacific/Auckland", browser.field("Time zone").getDomProperty("value"))
    }
}

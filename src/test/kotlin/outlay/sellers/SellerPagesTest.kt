package outlay.sellers

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

class SellerPagesTest : BrowserTest() {

    @Test
    fun `a seller with a location from the browser's geolocation`() {
        browser.driver.manage().deleteAllCookies()
        signUp("Kim")
        browser.open("/app/sellers")
        assertContains(browser.mainText(), "No sellers yet")
        screen("sellers-empty")
        browser.click("Add a seller")
        browser.fill("Name", "Corner Bakery")
        browser.click("Create seller")
        assertContains(browser.mainText(), "Seller \u201cCorner Bakery\u201d created.")

        browser.driver.executeCdpCommand("Browser.grantPermissions", mapOf("permissions" to listOf("geolocation")))
        browser.driver.executeCdpCommand(
            "Emulation.setGeolocationOverride", mapOf("latitude" to 48.208493, "longitude" to 16.373781, "accuracy" to 20),
        )
        browser.fill("Location name (optional)", "Main Street")
        browser.driver.findElement(By.cssSelector("[data-geolocate]")).click()
        browser.waitUntil("the location to be filled in") { browser.field("Latitude").getDomProperty("value") != "" }
        assertEquals("48.208493", browser.field("Latitude").getDomProperty("value"))
        assertEquals("16.373781", browser.field("Longitude").getDomProperty("value"))
        browser.click("Add location")

        assertContains(browser.mainText(), "Location added.")
        val location = browser.driver.findElement(By.cssSelector("#locations li")).text
        assertContains(location, "Main Street")
        assertContains(location, "48.20849, 16.37378")
        screen("seller")

        browser.fill("Latitude", "")
        browser.fill("Longitude", "")
        browser.click("Add location")
        assertContains(browser.driver.findElement(By.id("f-latitude-error")).text, "needs latitude and longitude")

        browser.open("/app/sellers")
        assertContains(browser.driver.findElement(By.id("sellers")).text, "Corner Bakery")
        assertContains(browser.driver.findElement(By.id("sellers")).text, "Main Street")
        screen("sellers")
    }

    @Test
    fun `another person's seller is not found`() {
        browser.driver.manage().deleteAllCookies()
        val owner = api.newSession()
        val id = api.post("/sellers", mapOf("name" to "Secret shop"), owner.accessToken).text("id")
        signUp("Lu")
        browser.open("/app/sellers/$id")
        assertContains(browser.mainText(), "Page not found")
        assertFalse(browser.driver.pageSource!!.contains("Secret shop"))
    }
}

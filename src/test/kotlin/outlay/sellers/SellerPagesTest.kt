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
        browser.open("/app/sellers")
        val csrf = browser.driver.findElement(By.id("csrf")).getDomAttribute("data-token")
        val cookie = "OUTLAY_SESSION=" + browser.driver.manage().getCookieNamed("OUTLAY_SESSION")!!.value
        for (action in listOf("/app/sellers/$id/remove", "/app/sellers/$id")) {
            val response = api.send(
                "POST", action, java.net.http.HttpRequest.BodyPublishers.ofString("_csrf=$csrf&name=Mine&archived=true"),
                contentType = "application/x-www-form-urlencoded", headers = mapOf("Cookie" to cookie),
            )
            assertEquals(404, response.status, action)
        }
        val kept = api.get("/sellers/$id", owner.accessToken).json
        assertEquals("Secret shop", kept.path("name").asString())
        assertFalse(kept.path("archived").asBoolean())
    }

    @Test
    fun `a seller is archived with its box and deleted after a confirmation`() {
        browser.driver.manage().deleteAllCookies()
        signUp("Mo")
        for (name in listOf("Old Kiosk", "Typo Shopp")) {
            browser.open("/app/sellers/new")
            browser.fill("Name", name)
            browser.click("Create seller")
        }
        browser.open("/app/sellers")
        browser.click("Old Kiosk")
        browser.driver.findElement(By.name("archived")).click()
        browser.click("Save")
        browser.open("/app/sellers")
        assertFalse(browser.driver.findElement(By.id("sellers")).text.contains("Old Kiosk"))
        assertContains(browser.driver.findElement(By.id("archived-sellers")).text, "Old Kiosk")
        screen("sellers-archived")

        browser.click("Typo Shopp")
        browser.js("window.confirm = () => true")
        browser.click("Delete seller")
        assertContains(browser.mainText(), "Seller deleted.")
        assertFalse(browser.mainText().contains("Typo Shopp"))
    }
}

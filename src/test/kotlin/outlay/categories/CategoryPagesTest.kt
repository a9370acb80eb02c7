package outlay.categories

import org.junit.jupiter.api.Test
import org.openqa.selenium.By
import outlay.support.BrowserTest
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class CategoryPagesTest : BrowserTest() {

    @Test
    fun `create a child category with an icon`() {
        browser.driver.manage().deleteAllCookies()
        signUp("Ida")
        browser.open("/app/categories")
        assertContains(browser.mainText(), "Food")
        assertEquals(17, browser.driver.findElements(By.cssSelector("#categories-builtin > li:not(.child)")).size)
        screen("categories")

        browser.click("New category")
        browser.fill("Name", "Coffee")
        browser.fill("Inside", Fixtures.FOOD)
        browser.driver.findElement(By.xpath("//input[@name='icon'][@value='local_cafe']/parent::label")).click()
        screen("category-new")
        browser.click("Create category")

        assertContains(browser.mainText(), "Category \u201cCoffee\u201d created.")
        val rows = browser.driver.findElements(By.cssSelector("#categories-builtin > li")).map { it.text.lines().first() }
        assertEquals(rows.indexOf("Food") + 1, rows.indexOf("Coffee"), "Coffee is listed right under Food: $rows")
        val coffee = browser.driver.findElements(By.cssSelector("#categories-builtin > li.child")).single()
        assertTrue(coffee.findElement(By.tagName("use")).getDomAttribute("href")!!.endsWith("#i-local_cafe"))

        coffee.findElement(By.tagName("a")).let { link -> browser.navigate { link.click() } }
        assertEquals("local_cafe", browser.driver.findElement(By.cssSelector("input[name=icon]:checked")).getDomAttribute("value"))
        browser.fill("Name", "Coffee & tea")
        browser.click("Save changes")
        assertContains(browser.mainText(), "Category \u201cCoffee & tea\u201d saved.")
    }

    @Test
    fun `another person's category and the built-in ones have no edit page`() {
        browser.driver.manage().deleteAllCookies()
        val owner = api.newSession()
        val id = api.post("/categories", mapOf("name" to "Hidden hobby", "icon" to "category"), owner.accessToken).text("id")
        signUp("Jo")
        browser.open("/app/categories/$id")
        assertContains(browser.mainText(), "Page not found")
        browser.open("/app/categories/${Fixtures.FOOD}")
        assertContains(browser.mainText(), "Page not found")
    }

    private object Fixtures {
        const val FOOD = "00000000-0000-7000-8000-000000000001"
    }
}

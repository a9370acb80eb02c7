package outlay.accounts

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Accounts, categories and sellers: the rules around them. */
class ReferenceDataTest : ApiTest() {

    @Test
    fun `accounts - create, update, and remove deletes unused but archives used ones`() {
        val me = Ledger(api)
        val created = me.post("/accounts", mapOf("name" to " Savings ", "currency" to "CHF", "institution" to "Bank", "referenceNumber" to "CH93-0076"))
        assertEquals(201, created.status, created.body)
        assertEquals("Savings", created.text("name"))
        val unused = created.text("id")
        assertEquals("Savings 2", me.put("/accounts/$unused", mapOf("name" to "Savings 2", "currency" to "EUR")).text("name"))
        assertEquals(204, me.delete("/accounts/$unused").status)
        assertEquals(404, me.get("/accounts/$unused").status)

        val used = me.account("Main", "EUR")
        assertEquals(201, me.transaction(used, "2026-01-01", me.item("1")).status)
        val currencyChange = me.put("/accounts/$used", mapOf("name" to "Main", "currency" to "USD"))
        assertEquals(409, currencyChange.status)
        val removed = me.delete("/accounts/$used")
        assertEquals(200, removed.status)
        assertEquals(true, removed.json.path("archived").asBoolean())
        assertEquals(0, me.get("/accounts").json.size(), "archived accounts are hidden by default")
        assertEquals(1, me.get("/accounts?includeArchived=true").json.size())
        assertEquals(1, me.get("/transactions").json.path("items").size(), "its transactions stay")
        assertEquals(false, me.put("/accounts/$used", mapOf("name" to "Main", "currency" to "EUR", "archived" to false)).json.path("archived").asBoolean())
    }

    @Test
    fun `categories - built-ins are shared and fixed, custom ones nest one level and cannot be deleted in use`() {
        val me = Ledger(api)
        val builtIn = me.get("/categories").json.values().filter { it.path("builtIn").asBoolean() }
        assertEquals(
            listOf("food", "rent", "utilities", "transportation", "healthcare", "debt", "childcare", "household", "entertainment",
                "self_care", "clothing", "education", "gifts_and_donations", "emergency", "savings", "fitness", "miscellaneous"),
            builtIn.map { it.path("key").asString() },
        )
        assertEquals(409, me.put("/categories/${Fixtures.FOOD}", mapOf("name" to "Eats", "icon" to "restaurant")).status)
        assertEquals(409, me.delete("/categories/${Fixtures.FOOD}").status)

        val groceries = me.post("/categories", mapOf("name" to "Groceries", "icon" to "shopping_cart", "parentId" to Fixtures.FOOD))
        assertEquals(201, groceries.status, groceries.body)
        assertEquals(Fixtures.FOOD, groceries.text("parentId"))
        val grandchild = me.post("/categories", mapOf("name" to "Fruit", "icon" to "nutrition", "parentId" to groceries.text("id")))
        assertEquals(400, grandchild.status)
        assertEquals(listOf("parentId"), grandchild.errorFields)
        assertEquals(400, me.post("/categories", mapOf("name" to "Bad icon", "icon" to "Not An Icon")).status)

        val renamed = me.put("/categories/${groceries.text("id")}", mapOf("name" to "Food shop", "icon" to "storefront"))
        assertEquals("Food shop", renamed.text("name"))
        assertEquals("storefront", renamed.text("icon"))

        val account = me.account()
        me.transaction(account, "2026-01-01", me.item("2", groceries.text("id")))
        val inUse = me.delete("/categories/${groceries.text("id")}")
        assertEquals(409, inUse.status)
        assertEquals("/problems/category-in-use", inUse.text("type"))
        assertEquals(true, me.put("/categories/${groceries.text("id")}", mapOf("name" to "Food shop", "icon" to "storefront", "archived" to true)).json.path("archived").asBoolean())
        assertTrue(me.get("/categories").json.values().none { it.path("id").asString() == groceries.text("id") })

        val unused = me.post("/categories", mapOf("name" to "Temp", "icon" to "star")).text("id")
        assertEquals(204, me.delete("/categories/$unused").status)
    }

    @Test
    fun `sellers - locations are virtual or have valid coordinates`() {
        val me = Ledger(api)
        val seller = me.post("/sellers", mapOf("name" to "Bakery", "locations" to listOf(mapOf("name" to "Old town", "latitude" to 50.0, "longitude" to 14.4))))
        assertEquals(201, seller.status, seller.body)
        val id = seller.text("id")
        assertEquals(400, me.post("/sellers/$id/locations", mapOf("name" to "Nowhere")).status)
        assertEquals(400, me.post("/sellers/$id/locations", mapOf("latitude" to 91, "longitude" to 0)).status)
        assertEquals(400, me.post("/sellers/$id/locations", mapOf("latitude" to 0, "longitude" to -181)).status)
        val web = me.post("/sellers/$id/locations", mapOf("name" to "Shop online", "virtual" to true))
        assertEquals(201, web.status)
        assertEquals("Bakery & Co", me.put("/sellers/$id", mapOf("name" to "Bakery & Co")).text("name"))
        val moved = me.put("/sellers/$id/locations/${web.text("id")}", mapOf("name" to "Kiosk", "latitude" to 50.001, "longitude" to 14.401))
        assertEquals(200, moved.status, moved.body)
        assertEquals(2, me.get("/sellers/$id").json.path("locations").size())
        assertEquals(listOf("Bakery & Co"), me.get("/sellers").json.values().map { it.path("name").asString() })
    }

    @Test
    fun `nearby returns the caller's locations within the radius, nearest first, with distance`() {
        val me = Ledger(api)
        // points east of a centre near the antimeridian, at known distances
        me.post("/sellers", mapOf("name" to "A", "locations" to listOf(
            mapOf("name" to "100m", "latitude" to 0.0, "longitude" to 179.9991),
            mapOf("name" to "web", "virtual" to true),
        )))
        me.post("/sellers", mapOf("name" to "B", "locations" to listOf(
            mapOf("name" to "across", "latitude" to 0.0, "longitude" to -179.9991),
            mapOf("name" to "far", "latitude" to 0.0, "longitude" to 179.9),
        )))
        val nearby = me.get("/sellers/nearby?lat=0&lon=179.99999&radius=500&limit=10")
        assertEquals(200, nearby.status, nearby.body)
        val names = nearby.json.values().map { it.path("location").path("name").asString() }
        assertEquals(listOf("100m", "across"), names, "the box wraps the antimeridian and excludes far and virtual ones")
        val distances = nearby.json.values().map { it.path("distanceMeters").asDouble() }
        assertEquals(99.0, distances[0], 2.0)
        assertTrue(distances[0] <= distances[1])
        assertEquals(1, me.get("/sellers/nearby?lat=0&lon=179.99999&radius=500&limit=1").json.size())
        // a radius too large for the grid cells takes the latitude-band scan, with the same answer shape
        val wide = me.get("/sellers/nearby?lat=0&lon=179.99999&radius=20000&limit=10").json.values().map { it.path("location").path("name").asString() }
        assertEquals(listOf("100m", "across", "far"), wide)
        assertEquals(400, me.get("/sellers/nearby?lat=95&lon=0").status)
        assertEquals(400, me.get("/sellers/nearby?lat=0&lon=0&radius=0").status)
        assertEquals(400, me.get("/sellers/nearby?lat=x&lon=0").status)
    }
}

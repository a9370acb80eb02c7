package outlay.sellers

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The document's rules for sellers' locations are the ones the server applies. */
class LocationContractTest : ApiTest() {

    @Test
    fun `a location is virtual or has both coordinates, as the OpenAPI document says`() {
        val branches = ok(api.get("/v3/api-docs")).json.path("components").path("schemas").path("LocationRequest").path("anyOf")
        assertEquals(listOf(listOf("virtual"), listOf("latitude", "longitude")), branches.values().map { b -> b.path("required").values().map { it.asString() } })

        val me = Ledger(api)
        val seller = ok(me.post("/sellers", mapOf("name" to "Shop")), 201).text("id")
        for (refused in listOf(emptyMap(), mapOf("virtual" to false, "latitude" to 1.0), mapOf("longitude" to 2.0, "name" to "Corner"))) {
            val answer = me.post("/sellers/$seller/locations", refused)
            answer.assertProblem(400, "validation")
            assertEquals(listOf("latitude"), answer.errorFields, answer.body)
        }
        me.post("/sellers", mapOf("name" to "Shop two", "locations" to listOf(mapOf("virtual" to false)))).assertProblem(400, "validation")
        for (accepted in listOf(mapOf("virtual" to true), mapOf("latitude" to 52.5, "longitude" to 13.4), mapOf("virtual" to true, "latitude" to 0.0, "longitude" to 0.0))) {
            ok(me.post("/sellers/$seller/locations", accepted), 201)
        }
        assertEquals(3, ok(me.get("/sellers/$seller")).json.path("locations").size(), "only the accepted ones were added")
    }

    @Test
    fun `a rename's body has no locations, in the document and on the server, and a location's seller is sellerId`() {
        val doc = ok(api.get("/v3/api-docs")).json
        val body = doc.path("paths").path("/sellers/{id}").path("put").path("requestBody").path("content").path("application/json").path("schema").path("\$ref").asString()
        assertEquals("#/components/schemas/SellerUpdate", body)
        assertEquals(listOf("archived", "name"), doc.path("components").path("schemas").path("SellerUpdate").path("properties").properties().map { it.key }.sorted())
        for (path in listOf("/sellers/{sellerId}/locations", "/sellers/{sellerId}/locations/{locationId}")) {
            assertTrue(doc.path("paths").has(path), "$path: the seller is sellerId, never a location's id")
        }

        val me = Ledger(api)
        val seller = ok(me.post("/sellers", mapOf("name" to "Shop", "locations" to listOf(mapOf("virtual" to true)))), 201).text("id")
        val refused = me.put("/sellers/$seller", mapOf("name" to "Renamed", "locations" to listOf(mapOf("latitude" to 1.0))))
        refused.assertProblem(400, "validation")
        assertEquals(listOf("locations"), refused.errorFields, refused.body)
        assertEquals("Renamed", ok(me.put("/sellers/$seller", mapOf("name" to "Renamed"))).text("name"))
        assertEquals(1, ok(me.get("/sellers/$seller")).json.path("locations").size())
    }
}

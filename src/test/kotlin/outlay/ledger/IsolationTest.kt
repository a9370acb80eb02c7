package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** A second user gets 404 for every id of the first, on every endpoint, and changes nothing. */
class IsolationTest : ApiTest() {

    @Test
    fun `no endpoint lets one user read or change another user's data`() {
        val alice = Ledger(api)
        val account = alice.account()
        val category = alice.post("/categories", mapOf("name" to "Alice's", "icon" to "star")).text("id")
        val seller = alice.post("/sellers", mapOf("name" to "Alice's shop", "locations" to listOf(mapOf("latitude" to 48.2, "longitude" to 16.37)))).json
        val sellerId = seller.path("id").asString()
        val locationId = seller.path("locations").first().path("id").asString()
        // a saved transaction with a document and an item image
        alice.newDraft()
        val savedItem = UUID.randomUUID()
        alice.put("/transactions/draft", mapOf("accountId" to account, "date" to "2026-04-04", "sellerId" to sellerId, "sellerLocationId" to locationId))
        alice.putItem(savedItem, "10.00", category)
        val savedDoc = alice.upload("/transactions/draft/documents", Fixtures.uniquePdf()).text("id")
        val savedImage = alice.upload("/transactions/draft/items/$savedItem/images", Fixtures.PNG, "p.png").text("id")
        val transaction = alice.post("/transactions", null).text("id")
        // and an open draft with the same
        alice.newDraft()
        val draftItem = UUID.randomUUID()
        alice.putItem(draftItem, "1.00", category)
        val draftDoc = alice.upload("/transactions/draft/documents", Fixtures.uniquePdf()).text("id")
        val draftImage = alice.upload("/transactions/draft/items/$draftItem/images", Fixtures.WEBP, "w.webp").text("id")
        val aliceBefore = alice.get("/transactions/$transaction").body

        val bob = Ledger(api)
        val bobAccount = bob.account()
        bob.newDraft()
        val notFound = listOf(
            bob.get("/accounts/$account"),
            bob.put("/accounts/$account", mapOf("name" to "mine", "currency" to "EUR")),
            bob.delete("/accounts/$account"),
            bob.get("/categories/$category"),
            bob.put("/categories/$category", mapOf("name" to "mine", "icon" to "star")),
            bob.delete("/categories/$category"),
            bob.get("/sellers/$sellerId"),
            bob.put("/sellers/$sellerId", mapOf("name" to "mine")),
            bob.post("/sellers/$sellerId/locations", mapOf("virtual" to true)),
            bob.put("/sellers/$sellerId/locations/$locationId", mapOf("virtual" to true)),
            bob.delete("/sellers/$sellerId/locations/$locationId"),
            bob.get("/transactions/$transaction"),
            bob.put("/transactions/$transaction", mapOf("accountId" to bobAccount, "date" to "2026-01-01", "items" to listOf(bob.item("1")))),
            bob.delete("/transactions/$transaction"),
            bob.get("/documents/$savedDoc"),
            bob.get("/documents/$draftDoc"),
            bob.get("/images/$savedImage"),
            bob.get("/images/$draftImage"),
            bob.delete("/transactions/draft/items/$draftItem"),
            bob.delete("/transactions/draft/documents/$draftDoc"),
            bob.upload("/transactions/draft/items/$draftItem/images", Fixtures.PNG, "p.png"),
            bob.delete("/transactions/draft/items/$draftItem/images/$draftImage"),
        )
        notFound.forEachIndexed { i, response -> assertEquals(404, response.status, "request #$i: $response") }

        // references to her ids are rejected as unknown
        val refs = bob.put(
            "/transactions/draft",
            mapOf("accountId" to account, "sellerId" to sellerId, "sellerLocationId" to locationId, "items" to listOf(mapOf("id" to UUID.randomUUID().toString(), "amount" to "1", "categoryId" to category))),
        )
        assertEquals(400, refs.status)
        assertEquals(setOf("accountId", "sellerId", "sellerLocationId", "items[0].categoryId"), refs.errorFields.toSet())
        assertEquals(400, bob.putItem(UUID.randomUUID(), "1", category).status)
        assertEquals(400, bob.post("/categories", mapOf("name" to "child", "icon" to "star", "parentId" to category)).status)
        assertEquals(404, bob.post("/transactions", mapOf("draftId" to alice.get("/transactions/draft").text("id"))).status)

        // lists and searches show none of hers
        assertEquals(listOf(bobAccount), bob.get("/accounts?includeArchived=true").json.values().map { it.path("id").asString() })
        assertFalse(bob.get("/categories?includeArchived=true").json.values().any { it.path("id").asString() == category })
        assertEquals(0, bob.get("/sellers").json.size())
        assertEquals(0, bob.get("/sellers/nearby?lat=48.2&lon=16.37&radius=1000").json.size())
        assertEquals(0, bob.get("/transactions?accountId=$account").json.path("items").size())
        assertTrue(bob.get("/transactions/draft").json.path("items").isEmpty)

        // and hers is untouched
        assertEquals(aliceBefore, alice.get("/transactions/$transaction").body)
        assertEquals(1, alice.get("/transactions/draft").json.path("items").size())
        assertEquals(1, alice.get("/sellers/$sellerId").json.path("locations").size())
        assertEquals(200, alice.get("/documents/$draftDoc").status)
    }
}

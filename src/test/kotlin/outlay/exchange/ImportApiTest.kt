package outlay.exchange

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Ledger
import kotlin.test.assertEquals
import kotlin.test.assertTrue

class ImportApiTest : ApiTest() {

    private fun Ledger.uploadSample(name: String) = Ledger.ok(upload("/imports", SampleFiles.bytes(name), name), 201).text("id")
    private fun Ledger.uploadText(text: String, name: String = "statement.csv") = Ledger.ok(upload("/imports", text.toByteArray(), name), 201).text("id")
    private fun Ledger.transactions() = get("/transactions?limit=200").json.path("items").values().toList()

    @Test
    fun `a semicolon CSV previews as Outlay would record it, imports once, and a second import records nothing twice`() {
        val ann = Ledger(api)
        val account = ann.account("Girokonto", "EUR")
        val id = ann.uploadSample("semicolon-bom-decimal-comma.csv")

        val preview = Ledger.ok(ann.post("/imports/$id/preview", mapOf("accountId" to account))).json
        assertEquals("csv", preview.path("format").asString())
        assertEquals("detected", preview.path("csvSource").asString())
        assertEquals(";", preview.path("csv").path("delimiter").asString())
        assertEquals(4, preview.path("toRecord").asInt())
        assertEquals(1, preview.path("uncategorised").asInt())
        assertEquals("Miscellaneous", preview.path("uncategorisedCategory").asString())
        val rows = preview.path("rows").values().toList()
        assertEquals(listOf("expense", "income", "expense", "expense"), rows.map { it.path("direction").asString() })
        assertEquals(listOf("42.50", "2345.67", "1234.00", "3.20"), rows.map { it.path("total").asString() })
        assertEquals(listOf("Food", "Miscellaneous", "Utilities", "Food"), rows.map { it.path("items").path(0).path("category").asString() })
        assertEquals(listOf(true, true, true, true), rows.map { it.path("newSeller").asBoolean() })
        assertEquals(emptyList(), ann.transactions(), "a preview records nothing")

        val result = Ledger.ok(ann.post("/imports/$id/confirm", mapOf("accountId" to account)), 201).json
        assertEquals(4, result.path("recorded").asInt())
        val saved = ann.transactions()
        assertEquals(listOf("2026-03-31", "2026-03-14", "2026-03-05", "2026-03-02"), saved.map { it.path("date").asString() })
        assertEquals(listOf("3.20", "1234.00", "2345.67", "42.50"), saved.map { it.path("total").asString() })
        assertEquals("REWE Markt GmbH", saved.last().path("sellerName").asString())
        assertEquals("Einkauf Lebensmittel", saved.last().path("items").path(0).path("description").asString())

        // confirming the same upload again answers what it did
        assertEquals(result, Ledger.ok(ann.post("/imports/$id/confirm", mapOf("accountId" to account)), 200).json)
        // the same file uploaded again: every row is a duplicate, nothing is recorded, the mapping was remembered
        val again = ann.uploadSample("semicolon-bom-decimal-comma.csv")
        val second = Ledger.ok(ann.post("/imports/$again/preview", mapOf("accountId" to account))).json
        assertEquals("remembered", second.path("csvSource").asString())
        assertEquals(4, second.path("duplicates").asInt())
        assertEquals(listOf(2L, 3L, 4L, 5L), second.path("duplicateLines").values().map { it.asLong() })
        assertEquals(0, Ledger.ok(ann.post("/imports/$again/confirm", mapOf("accountId" to account)), 201).json.path("recorded").asInt())
        assertEquals(4, ann.transactions().size)
        assertEquals(4, ann.get("/sellers").json.size(), "sellers are matched by name, not created twice")
        // the monthly totals the bulk write kept agree with the same statistics computed from the items
        for (endpoint in listOf("summary", "categories", "sellers", "accounts")) {
            assertEquals(
                ann.post("/statistics/$endpoint", mapOf("from" to "2026-03-01", "to" to "2026-03-31")).json,
                ann.post("/statistics/$endpoint", mapOf("from" to "2026-03-01", "to" to "2026-03-31", "hasImage" to false)).json,
                endpoint,
            )
        }
    }

    @Test
    fun `an overlapping OFX statement records only the transactions not imported before`() {
        val ann = Ledger(api)
        val account = ann.account("Checking", "USD")
        Ledger.ok(ann.post("/imports/${ann.uploadSample("statement-v1.ofx")}/confirm", mapOf("accountId" to account)), 201)
        val next = SampleFiles.bytes("statement-v1.ofx").toString(Charsets.US_ASCII)
            .replace("<FITID>20260302001", "<FITID>20260320009").replace("<DTPOSTED>20260302120000[-5:EST]", "<DTPOSTED>20260320")
        val result = Ledger.ok(ann.post("/imports/${ann.uploadText(next, "next.ofx")}/confirm", mapOf("accountId" to account)), 201).json
        assertEquals(1, result.path("recorded").asInt())
        assertEquals(2, result.path("duplicates").asInt())
        assertEquals(4, ann.transactions().size)
    }

    @Test
    fun `QIF splits become the items of one transaction, a split category matched under its parent`() {
        val ann = Ledger(api)
        val account = ann.account("Checking", "USD")
        Ledger.ok(ann.post("/imports/${ann.uploadSample("splits.qif")}/confirm", mapOf("accountId" to account)), 201)
        val split = ann.transactions().single { it.path("date").asString() == "2026-03-05" }
        assertEquals("120.00", split.path("total").asString())
        assertEquals(listOf("80.00" to "Household", "40.00" to "Food"),
            split.path("items").values().map { it.path("amount").asString() to it.path("category").path("name").asString() })
    }

    @Test
    fun `a file with a malformed row is refused with every problem named and nothing recorded`() {
        val ann = Ledger(api)
        val account = ann.account()
        val id = ann.uploadSample("malformed-row.csv")
        val preview = Ledger.ok(ann.post("/imports/$id/preview", mapOf("accountId" to account))).json
        assertEquals(3, preview.path("problemCount").asInt())
        assertEquals(3, preview.path("toRecord").asInt())

        val refused = ann.post("/imports/$id/confirm", mapOf("accountId" to account))
        assertEquals(400, refused.status)
        assertEquals("application/problem+json", refused.header("content-type"))
        assertEquals("/problems/import-invalid", refused.text("type"))
        val first = refused.json.path("problems").path(0)
        assertEquals(listOf("4", "1", "date", "2026-13-45"), listOf("line", "column", "field", "value").map { first.path(it).asString() })
        assertEquals(3, refused.json.path("problems").size())
        assertEquals(emptyList(), ann.transactions())
    }

    @Test
    fun `a file that cannot be read at all is a problem document, not a server error`() {
        val ann = Ledger(api)
        val account = ann.account()
        val id = ann.uploadText("date,amount,description\n2026-03-01,-1.00,ok\n2026-03-02,-2.00,\"never closed\n")
        val response = ann.post("/imports/$id/preview", mapOf("accountId" to account))
        assertEquals(400, response.status)
        assertEquals("/problems/import-invalid", response.text("type"))
        assertEquals(3, response.json.path("problems").path(0).path("line").asInt())
        assertEquals(400, ann.post("/imports/$id/confirm", mapOf("accountId" to account)).status)
        assertEquals(emptyList(), ann.transactions())
    }

    @Test
    fun `one user can neither preview nor confirm another's upload, nor import into another's account`() {
        val ann = Ledger(api)
        val bob = Ledger(api)
        val annAccount = ann.account()
        val bobAccount = bob.account()
        val annUpload = ann.uploadSample("debit-credit.csv")

        assertEquals(404, bob.post("/imports/$annUpload/preview", mapOf("accountId" to bobAccount)).status)
        assertEquals(404, bob.post("/imports/$annUpload/confirm", mapOf("accountId" to bobAccount)).status)
        val intoBob = ann.post("/imports/$annUpload/confirm", mapOf("accountId" to bobAccount))
        assertEquals(400, intoBob.status)
        assertEquals(listOf("accountId"), intoBob.errorFields)
        assertEquals(emptyList(), bob.transactions())
        assertEquals(emptyList(), ann.transactions())
        assertTrue(ann.post("/imports/$annUpload/preview", mapOf("accountId" to annAccount)).status == 200)
    }
}

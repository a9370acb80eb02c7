package outlay.documents

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.assertProblem
import tools.jackson.databind.JsonNode
import java.net.http.HttpRequest.BodyPublishers
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The OpenAPI document says what the file endpoints do: downloads in their own media types, uploads' kinds and their 415. */
class FileContractTest : ApiTest() {
    private val paths: JsonNode by lazy { ok(api.get("/v3/api-docs")).json.path("paths") }

    private fun responses(path: String, method: String) = paths.path(path).path(method).path("responses")

    private fun JsonNode.keys() = properties().map { it.key }.toSet()

    private data class Download(val path: String, val kind: FileKind, val id: String, val served: String)

    @Test
    fun `a download is documented in the media types it is served in, its errors as problem documents`() {
        val me = Ledger(api)
        me.newDraft()
        val item = UUID.randomUUID()
        ok(me.putItem(item, "4.20"))
        val document = ok(me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "r.pdf"), 201).text("id")
        val image = ok(me.upload("/transactions/draft/items/$item/images", Fixtures.JPEG, "p.jpg"), 201).text("id")

        for ((path, kind, id, served) in listOf(
            Download("/documents/{id}", FileKind.DOCUMENT, document, "application/pdf"),
            Download("/images/{id}", FileKind.IMAGE, image, "image/jpeg"),
        )) {
            val documented = responses(path, "get")
            val ok = documented.path("200")
            assertEquals(kind.mediaTypes, ok.path("content").keys(), "$path: $ok")
            assertTrue(ok.path("headers").path("ETag").path("required").asBoolean() && ok.path("headers").has("Content-Disposition"), ok.toString())
            for (status in listOf("400", "401", "404")) {
                assertEquals(setOf("application/problem+json"), documented.path(status).path("content").keys(), "$path $status")
            }

            val url = path.replace("{id}", id)
            val answer = ok(me.get(url))
            assertEquals(served, answer.header("Content-Type"))
            assertTrue(served in kind.mediaTypes)
            assertEquals("nosniff", answer.header("X-Content-Type-Options"))
            val etag = answer.header("ETag")!!
            val again = api.send("GET", url, BodyPublishers.noBody(), me.token, headers = mapOf("If-None-Match" to etag))
            assertEquals(304, again.status)
            assertTrue(documented.has("304"), documented.toString())
            me.get(path.replace("{id}", UUID.randomUUID().toString())).assertProblem(404, "not-found")
        }
    }

    @Test
    fun `an upload documents the kinds it takes and its 415, and the server refuses anything else with that 415`() {
        val me = Ledger(api)
        me.newDraft()
        val item = UUID.randomUUID()
        ok(me.putItem(item, "4.20"))
        val uploads = mapOf(
            "/transactions/draft/documents" to FileKind.DOCUMENT,
            "/transactions/draft/items/{itemId}/images" to FileKind.IMAGE,
            "/transactions/{id}/documents" to FileKind.DOCUMENT,
            "/transactions/{id}/items/{itemId}/images" to FileKind.IMAGE,
        )
        for ((path, kind) in uploads) {
            val unsupported = responses(path, "post").path("415")
            assertTrue(unsupported.path("content").has("application/problem+json"), "$path: $unsupported")
            val file = paths.path(path).path("post").path("requestBody").path("content").path("multipart/form-data").path("schema").path("properties").path("file")
            assertEquals(1, file.path("minLength").asInt(), "$path: an empty file is refused")
            for (type in FileTypes.DOCUMENT_TYPES) {
                assertEquals(type in kind.mediaTypes, unsupported.path("description").asString().contains(type), "$path 415 and $type")
                assertEquals(type in kind.mediaTypes, file.path("description").asString().contains(type), "$path file and $type")
            }
        }

        val draftDocument = me.upload("/transactions/draft/documents", Fixtures.TEXT, "notes.txt")
        draftDocument.assertProblem(415, "unsupported-file-type")
        FileKind.DOCUMENT.mediaTypes.forEach { assertTrue(draftDocument.text("detail").contains(it), draftDocument.body) }
        val draftImage = me.upload("/transactions/draft/items/$item/images", Fixtures.PDF, "scan.pdf")
        draftImage.assertProblem(415, "unsupported-file-type")
        assertFalse(draftImage.text("detail").contains("application/pdf"), draftImage.body)
        val empty = me.upload("/transactions/draft/documents", ByteArray(0), "empty.pdf")
        empty.assertProblem(400, "validation")
        assertEquals(listOf("file"), empty.errorFields)
        assertEquals(0, me.get("/transactions/draft").json.path("documents").size(), "nothing was attached")
    }

    @Test
    fun `no upload takes an empty file, in the document and on the server`() {
        val multipart = paths.properties().flatMap { (path, item) -> item.properties().map { (method, op) -> Triple(path, method, op) } }
            .filter { (_, _, op) -> op.path("requestBody").path("content").has("multipart/form-data") }
        assertTrue(multipart.size >= 6, "uploads found: ${multipart.map { it.first }}")
        for ((path, method, op) in multipart) {
            val file = op.path("requestBody").path("content").path("multipart/form-data").path("schema").path("properties").path("file")
            assertEquals(1, file.path("minLength").asInt(), "$method $path: an empty file is refused")
        }
        val me = Ledger(api)
        for (path in listOf("/imports", "/imports/full")) {
            val empty = me.upload(path, ByteArray(0), "empty.csv")
            assertEquals(400, empty.status, "$path: ${empty.body}")
        }
    }
}

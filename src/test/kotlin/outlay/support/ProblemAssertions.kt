package outlay.support

import kotlin.test.assertEquals
import kotlin.test.assertFalse

/** A problem document with this status and type that leaks no internals. */
fun Api.Response.assertProblem(status: Int, type: String) {
    assertEquals(status, this.status, body)
    assertEquals("application/problem+json", header("Content-Type"))
    assertEquals("/problems/$type", text("type"))
    assertEquals(status, json.path("status").asInt())
    assertFalse(json.path("detail").asString().isBlank())
    for (leak in listOf("Exception", "\tat ", ".kt:", "SELECT", "select ", "tools.jackson", "kotlin.")) {
        assertFalse(body.contains(leak), "response leaks '$leak': $body")
    }
}

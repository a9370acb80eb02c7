package outlay.observability

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension
import org.springframework.test.context.TestPropertySource
import outlay.support.Api
import outlay.support.TracedApiTest
import outlay.support.Ledger
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

@TestPropertySource(
    properties = [
        "outlay.log-format=json",
        "outlay.observability.slow-request=0ms",
    ],
)
@ExtendWith(OutputCaptureExtension::class)
class LogFormatTest : TracedApiTest() {

    @Test
    fun `OUTLAY_LOG_FORMAT=json logs one ECS JSON object per line, with the request's trace id`(output: CapturedOutput) {
        val me = Ledger(api)
        val before = output.all.length
        val response = me.get("/accounts")
        val traceId = assertNotNull(response.header("traceresponse")).split('-')[1]
        val lines = output.all.substring(before).lines().filter { it.isNotBlank() }
        val events = lines.map { Api.mapper.readTree(it) } // every line is JSON, or this throws
        val slow = events.single { it.path("message").asString().startsWith("Slow request: GET /accounts") }
        assertEquals("WARN", slow.path("log").path("level").asString().ifEmpty { slow.path("log.level").asString() })
        assertTrue(slow.has("@timestamp") && slow.has("ecs"), "$slow")
        assertTrue(slow.toString().contains(traceId), "the trace id is a field of the event: $slow")
    }
}

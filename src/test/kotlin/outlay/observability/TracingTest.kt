package outlay.observability

import io.opentelemetry.proto.trace.v1.Span.SpanKind
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension
import org.springframework.test.context.TestPropertySource
import outlay.support.Api
import outlay.support.TracedApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.OtlpReceiver.Companion.attribute
import outlay.support.OtlpReceiver.Companion.parentSpanIdHex
import outlay.support.OtlpReceiver.Companion.spanIdHex
import java.net.http.HttpRequest.BodyPublishers
import java.util.HexFormat
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

@TestPropertySource(
    properties = [
        "outlay.observability.slow-sql=0ms", // every statement and request logs a warning: lines to check for ids
        "outlay.observability.slow-request=0ms",
    ],
)
@ExtendWith(OutputCaptureExtension::class)
class TracingTest : TracedApiTest() {

    @Test
    fun `a transaction list is one trace, joined from traceparent, with one span per SQL statement`() {
        val me = Ledger(api)
        val account = me.account()
        repeat(3) { assertEquals(201, me.transaction(account, "2026-01-0${it + 1}", me.item("1.00")).status) }

        val traceId = hex(16)
        val parent = hex(8)
        val (response, statementCount) = statements.count {
            api.send("GET", "/transactions", BodyPublishers.noBody(), me.token, headers = mapOf("traceparent" to "00-$traceId-$parent-01"))
        }
        assertEquals(200, response.status)
        val returned = assertNotNull(response.header("traceresponse")).split('-')
        assertEquals(traceId, returned[1], "traceresponse names the caller's trace")

        val spans = receiver.trace(traceId) { s -> s.any { it.kind == SpanKind.SPAN_KIND_SERVER } }
        val server = spans.single { it.kind == SpanKind.SPAN_KIND_SERVER }
        assertEquals(parent, server.parentSpanIdHex, "the server span is the caller's child")
        assertEquals(returned[2], server.spanIdHex)
        val sql = spans.filter { it.name.startsWith("sql ") }
        assertEquals(statementCount, sql.size, "one span per statement: ${spans.map { it.name }}")
        assertTrue(sql.all { it.parentSpanIdHex == server.spanIdHex })
        val select = sql.first { it.attribute("db.query.text")!!.startsWith("select \"transactions\".") }
        assertTrue("?" in select.attribute("db.query.text")!!, "placeholders, not values")
        assertEquals("3", select.attribute("db.response.returned_rows"))
    }

    @Test
    fun `a write's span has the rows it changed, a read's the rows it returned, none both`() {
        val me = Ledger(api)
        val account = me.account()
        val created = me.transaction(account, "2026-01-05", me.item("1.00"), me.item("2.00"))
        assertEquals(201, created.status, created.body)
        val sql = traceOf(created).filter { it.name.startsWith("sql ") }
        // on PostgreSQL the create's items and totals go as one statement of data-modifying WITH parts (JoinedWrites)
        assertTrue(sql.any { it.attribute("db.response.affected_rows") != null }, "${sql.map { it.name }}")
        val both = sql.filter { it.attribute("db.response.affected_rows") != null && it.attribute("db.response.returned_rows") != null }
        assertTrue(both.isEmpty(), "${both.map { it.attribute("db.query.text") }}")
    }

    @Test
    fun `a login traces its wait for the hash pool and the hash itself`() {
        val email = Api.uniqueEmail()
        assertEquals(201, api.register(email).status)
        val login = api.login(email)
        val names = traceOf(login).map { it.name }
        assertTrue("password-hash wait" in names && "password-hash compute" in names, "$names")
    }

    @Test
    fun `an upload traces the file store`() {
        val me = Ledger(api)
        me.account()
        me.newDraft()
        val upload = me.upload("/transactions/draft/documents", Fixtures.uniquePdf(), "r.pdf")
        assertEquals(201, upload.status, upload.body)
        assertTrue("file-store put" in traceOf(upload).map { it.name }, "${traceOf(upload).map { it.name }}")
    }

    @Test
    fun `log lines inside a request carry its trace and span ids`(output: CapturedOutput) {
        val me = Ledger(api)
        val before = output.all.length
        val response = me.get("/accounts")
        val (_, traceId, spanId) = assertNotNull(response.header("traceresponse")).split('-')
        val lines = output.all.substring(before).lines()
        val slowSql = lines.filter { "Slow SQL" in it }
        assertTrue(slowSql.isNotEmpty(), "slow-SQL warnings at a 0 ms threshold")
        assertTrue(slowSql.all { "[$traceId,$spanId]" in it }, slowSql.joinToString("\n"))
        val slowRequest = lines.single { "Slow request: GET /accounts" in it }
        assertTrue("[$traceId,$spanId]" in slowRequest, slowRequest)
    }

    private fun traceOf(response: Api.Response) =
        receiver.trace(assertNotNull(response.header("traceresponse")).split('-')[1]) { s -> s.any { it.kind == SpanKind.SPAN_KIND_SERVER } }

    private fun hex(bytes: Int) = HexFormat.of().formatHex(Random.nextBytes(bytes))
}

package outlay.support

import com.sun.net.httpserver.HttpServer
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse
import io.opentelemetry.proto.trace.v1.Span
import java.net.InetSocketAddress
import java.util.HexFormat
import java.util.concurrent.CopyOnWriteArrayList
import java.util.zip.GZIPInputStream

/**
 * A real OTLP/HTTP trace receiver on a random port: what the server's exporter sends to
 * `/v1/traces` is decoded with the official OpenTelemetry protobuf classes, as a collector would.
 */
class OtlpReceiver : AutoCloseable {
    private val received = CopyOnWriteArrayList<Span>()
    private val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0).apply {
        createContext("/v1/traces") { exchange ->
            exchange.use {
                val body = if (it.requestHeaders.getFirst("Content-Encoding") == "gzip") GZIPInputStream(it.requestBody) else it.requestBody
                val request = ExportTraceServiceRequest.parseFrom(body.readAllBytes())
                request.resourceSpansList.flatMap { r -> r.scopeSpansList }.flatMap { s -> s.spansList }.forEach(received::add)
                val answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray()
                it.responseHeaders.add("Content-Type", "application/x-protobuf")
                it.sendResponseHeaders(200, answer.size.toLong())
                it.responseBody.write(answer)
            }
        }
        start()
    }

    val endpoint = "http://127.0.0.1:${server.address.port}"

    /** The spans of [traceId] once [complete] holds for them (the exporter sends in batches). */
    fun trace(traceId: String, complete: (List<Span>) -> Boolean): List<Span> {
        val deadline = System.nanoTime() + 20_000_000_000
        while (System.nanoTime() < deadline) {
            val spans = received.filter { it.traceIdHex == traceId }
            if (complete(spans)) return spans
            Thread.sleep(50)
        }
        error("trace $traceId never completed; got ${received.filter { it.traceIdHex == traceId }.map { it.name }}")
    }

    override fun close() = server.stop(0)

    companion object {
        val Span.traceIdHex: String get() = HexFormat.of().formatHex(traceId.toByteArray())
        val Span.spanIdHex: String get() = HexFormat.of().formatHex(spanId.toByteArray())
        val Span.parentSpanIdHex: String get() = HexFormat.of().formatHex(parentSpanId.toByteArray())
        fun Span.attribute(key: String): String? = attributesList.firstOrNull { it.key == key }?.value?.let {
            if (it.hasIntValue()) it.intValue.toString() else it.stringValue
        }
    }
}

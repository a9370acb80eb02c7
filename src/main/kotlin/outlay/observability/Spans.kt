package outlay.observability

import io.micrometer.tracing.Span
import io.micrometer.tracing.Tracer
import org.springframework.stereotype.Component

/**
 * Spans for work that has no Micrometer observation of its own (SQL, password hashing, file
 * store). With tracing off the tracer is [Tracer.NOOP] and every call returns at once, so the
 * instrumented code pays one comparison.
 */
@Component
class Spans(private val tracer: Tracer) {
    val enabled: Boolean = tracer !== Tracer.NOOP

    /** The span current on this thread, to parent work that continues on another thread. */
    fun current(): Span? = if (enabled) tracer.currentSpan() else null

    /** Starts a child of [parent] (or of the current span); null when tracing is off. */
    fun start(name: String, parent: Span? = current()): Span? {
        if (!enabled) return null
        val span = (if (parent != null) tracer.nextSpan(parent) else tracer.nextSpan()) ?: return null
        return span.name(name).start()
    }

    /** Runs [block] inside a span named [name], a child of [parent]; failures are recorded on the span. */
    fun <T> within(name: String, parent: Span? = current(), block: (Span?) -> T): T {
        val span = start(name, parent) ?: return block(null)
        return try {
            tracer.withSpan(span).use { block(span) }
        } catch (e: Throwable) {
            span.error(e)
            throw e
        } finally {
            span.end()
        }
    }
}

package outlay.observability.profiling

import one.convert.Arguments
import one.convert.JfrToFlame
import one.jfr.JfrReader
import java.io.ByteArrayOutputStream
import java.nio.file.Path
import java.time.Instant

/** Renders a JFR file (the JDK's or async-profiler's) as an HTML flame graph with async-profiler's converter. */
object FlameGraphs {
    fun fromJfr(file: Path, event: ProfileEvent, title: String, from: Instant? = null, to: Instant? = null): ByteArray {
        val args = buildList {
            add("--title"); add(title)
            event.converterFlag?.let(::add)
            from?.let { add("--from"); add(it.toEpochMilli().toString()) }
            to?.let { add("--to"); add(it.toEpochMilli().toString()) }
        }
        val out = ByteArrayOutputStream()
        JfrReader(file.toString()).use { reader ->
            JfrToFlame(reader, Arguments(*args.toTypedArray())).apply { convert() }.dump(out)
        }
        return out.toByteArray()
    }
}

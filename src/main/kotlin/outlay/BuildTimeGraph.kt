package outlay

import outlay.exchange.dump.MOVE_TARGET_URL_PROPERTY
import outlay.observability.OTLP_ENDPOINT_PROPERTY
import java.util.Properties

/**
 * The build's `process-aot` step turns Spring's bean graph into generated code, which takes about
 * a second off every start (docs/performance.md, "Spring's ahead-of-time processing"). That code
 * is the graph of the build's settings: tracing off, no instance move, virtual threads. A start that sets one of
 * the settings below needs beans the generated graph lacks, so it builds the graph at run time
 * as before; every other start uses the generated one. `-Dspring.aot.enabled=false` (or `true`)
 * decides for the operator.
 */
internal object BuildTimeGraph {
    /** Each setting that decides which beans exist, with the names it can be given by in the environment. */
    private val shaping = mapOf(
        OTLP_ENDPOINT_PROPERTY to listOf("OUTLAY_OTLP_ENDPOINT", "OUTLAY_OBSERVABILITY_OTLPENDPOINT"),
        MOVE_TARGET_URL_PROPERTY to listOf("OUTLAY_MOVE_TARGETURL"),
        // Spring Boot's own switch between virtual and platform request threads (its conditions pick the beans)
        "spring.threads.virtual.enabled" to listOf("SPRING_THREADS_VIRTUAL_ENABLED"),
    )
    private const val INITIALIZER = "outlay.OutlayApplicationKt__ApplicationContextInitializer"

    fun applies(
        args: Array<String>,
        env: Map<String, String>,
        props: Properties,
        generated: Boolean = isGenerated(),
    ): Boolean {
        // the build's own processing runs main() too, and must build the graph, not read an old one
        if (props.getProperty("spring.aot.processing") == "true" || props.getProperty("spring.aot.enabled") != null) return false
        return generated && shaping.none { (name, envNames) ->
            val given = listOfNotNull(props.getProperty(name)) + envNames.mapNotNull(env::get) +
                args.filter { it.startsWith("--$name=") }.map { it.substringAfter('=') }
            given.any { it.isNotBlank() }
        }
    }

    /**
     * Only a jar's generated code is sure to match its classes: `package` makes both at once. A class
     * folder (tests, an IDE: a `file:` URL) can hold generated classes a later compile has made stale.
     */
    private fun isGenerated(): Boolean {
        val found = BuildTimeGraph::class.java.classLoader.getResource(INITIALIZER.replace('.', '/') + ".class")
        return found != null && found.protocol != "file"
    }
}

package outlay

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import java.util.Properties

/** When main() starts on the bean graph generated at build time, and when it builds the graph itself. */
class BuildTimeGraphTest {
    private fun applies(
        args: List<String> = emptyList(),
        env: Map<String, String> = emptyMap(),
        props: Map<String, String> = emptyMap(),
        generated: Boolean = true,
    ) = BuildTimeGraph.applies(args.toTypedArray(), env, Properties().apply { putAll(props) }, generated)

    @Test
    fun `the default settings use the generated graph when the jar has one`() {
        assertThat(applies(env = mapOf("OUTLAY_DB_URL" to "jdbc:postgresql://db/outlay", "OUTLAY_OTLP_ENDPOINT" to " "))).isTrue()
        assertThat(applies(generated = false)).isFalse()
    }

    @Test
    fun `tracing set in any of its ways builds the graph at run time`() {
        assertThat(applies(env = mapOf("OUTLAY_OTLP_ENDPOINT" to "http://tempo:4318"))).isFalse()
        assertThat(applies(env = mapOf("OUTLAY_OBSERVABILITY_OTLPENDPOINT" to "http://tempo:4318"))).isFalse()
        assertThat(applies(props = mapOf("outlay.observability.otlp-endpoint" to "http://tempo:4318"))).isFalse()
        assertThat(applies(args = listOf("--outlay.observability.otlp-endpoint=http://tempo:4318"))).isFalse()
    }

    @Test
    fun `an instance move builds the graph at run time`() {
        assertThat(applies(args = listOf("--server.port=0", "--outlay.move.target-url=jdbc:postgresql://db/outlay"))).isFalse()
    }

    @Test
    fun `a choice of request threads builds the graph at run time`() {
        // on the generated graph the setting was silently ignored: requests stayed on virtual threads
        assertThat(applies(env = mapOf("SPRING_THREADS_VIRTUAL_ENABLED" to "false"))).isFalse()
        assertThat(applies(props = mapOf("spring.threads.virtual.enabled" to "false"))).isFalse()
        assertThat(applies(args = listOf("--spring.threads.virtual.enabled=false"))).isFalse()
    }

    @Test
    fun `the operator's own choice and the build's processing are left alone`() {
        assertThat(applies(props = mapOf("spring.aot.enabled" to "false"))).isFalse()
        assertThat(applies(props = mapOf("spring.aot.enabled" to "true"))).isFalse() // already on: nothing to set
        assertThat(applies(props = mapOf("spring.aot.processing" to "true"))).isFalse()
    }

    @Test
    fun `the test classes' own folder never counts as a jar with generated code`() {
        assertThat(BuildTimeGraph.applies(emptyArray(), emptyMap(), Properties())).isFalse()
    }
}

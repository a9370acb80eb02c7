package outlay.support

import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import org.springframework.test.context.TestPropertySource

/** An [ApiTest] whose server traces every request and exports to a real OTLP receiver. */
@TestPropertySource(
    properties = [
        "management.tracing.sampling.probability=1.0",
        "management.opentelemetry.tracing.export.schedule-delay=100ms",
    ],
)
abstract class TracedApiTest : ApiTest() {
    protected val receiver: OtlpReceiver get() = sharedReceiver

    companion object {
        // lives as long as the cached application contexts that export to it
        private val sharedReceiver = OtlpReceiver()

        @JvmStatic
        @DynamicPropertySource
        fun otlp(registry: DynamicPropertyRegistry) {
            registry.add("outlay.observability.otlp-endpoint") { sharedReceiver.endpoint }
        }
    }
}

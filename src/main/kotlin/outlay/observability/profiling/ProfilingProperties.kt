package outlay.observability.profiling

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

@ConfigurationProperties("outlay.profiling")
data class ProfilingProperties(
    /** The always-on JDK Flight Recorder recording (`OUTLAY_CONTINUOUS_PROFILE`). */
    val continuous: Boolean = true,
    /** How far back the continuous recording reaches. */
    val window: Duration = Duration.ofHours(1),
    /** Longest on-demand profile. */
    val maxSeconds: Int = 120,
)

/** What a flame graph counts. */
enum class ProfileEvent(val converterFlag: String?) {
    CPU(null), ALLOC("--alloc"), LOCK("--lock"), WALL("--wall");

    companion object {
        fun parse(value: String): ProfileEvent? = entries.firstOrNull { it.name.equals(value, ignoreCase = true) }
    }
}

package outlay.observability.profiling

import org.springframework.stereotype.Service
import outlay.platform.FieldError
import outlay.platform.ValidationException
import java.nio.file.Files
import java.time.Clock
import java.time.Instant
import java.time.LocalTime
import java.time.ZoneOffset
import java.time.format.DateTimeParseException
import kotlin.io.path.deleteIfExists

data class ProfilingStatus(val engine: String, val continuous: Boolean, val oldest: Instant?, val maxSeconds: Int)

/** The operator's profiles: a live one of N seconds, or any past window of the continuous recording (ConsoleGate admits operators only). */
@Service
class ProfileService(
    private val onDemand: OnDemandProfiler,
    private val continuous: ContinuousRecording,
    private val props: ProfilingProperties,
    private val clock: Clock,
) {
    fun status(): ProfilingStatus = ProfilingStatus(onDemand.engine, continuous.running, continuous.oldest(), props.maxSeconds)

    fun live(event: String, seconds: Int): ByteArray {
        val type = parseEvent(event)
        if (seconds !in 1..props.maxSeconds) invalid("seconds", "between 1 and ${props.maxSeconds}")
        return onDemand.profile(type, seconds)
    }

    /** [from] and [to] are ISO instants or UTC times of day (`14:01`), the latter meaning the last such moment. */
    fun past(event: String, from: String, to: String): ByteArray {
        val type = parseEvent(event)
        if (type == ProfileEvent.WALL) invalid("event", "cpu, alloc or lock (the recording has no wall-clock samples)")
        val start = parseTime("from", from)
        val end = parseTime("to", to).let { if (it.isBefore(start)) it.plusSeconds(86_400) else it }
        if (!continuous.running) invalid("from", "a time inside the continuous recording, which is off")
        val file = Files.createTempFile("outlay-window", ".jfr")
        try {
            if (!continuous.extract(start, end, file)) invalid("from", "a window inside the last ${props.window.toMinutes()} minutes")
            return FlameGraphs.fromJfr(file, type, "Outlay: ${type.name.lowercase()} from $start to $end", start, end)
        } finally {
            file.deleteIfExists()
        }
    }

    private fun parseEvent(value: String) = ProfileEvent.parse(value) ?: invalid("event", "one of cpu, alloc, lock, wall")

    private fun parseTime(field: String, value: String): Instant = try {
        if ('T' in value) Instant.parse(value) else {
            val now = clock.instant()
            val today = LocalTime.parse(value).atDate(now.atOffset(ZoneOffset.UTC).toLocalDate()).toInstant(ZoneOffset.UTC)
            if (today.isAfter(now)) today.minusSeconds(86_400) else today
        }
    } catch (e: DateTimeParseException) {
        invalid(field, "an ISO instant (2026-01-31T14:01:00Z) or a UTC time of day (14:01)")
    }

    private fun invalid(field: String, expected: String): Nothing =
        throw ValidationException("Invalid profile request.", listOf(FieldError(field, "must be $expected")))
}

package outlay.recurring

import com.fasterxml.jackson.annotation.JsonValue
import org.jooq.impl.EnumConverter
import java.time.LocalDate
import java.time.YearMonth

enum class RepeatUnit(@get:JsonValue val json: String) { DAYS("days"), WEEKS("weeks"), MONTHS("months"), YEARS("years") }

/**
 * What an occurrence makes: the transaction, recorded on its day, or (confirm) a pending
 * occurrence that records it once the person confirms it. Not the receipt draft: a user has one,
 * and several due days would have to share or overwrite it.
 */
enum class Action(@get:JsonValue val json: String) { RECORD("record"), CONFIRM("confirm") }

/** An occurrence's state: recorded (its transaction exists), pending (waiting for the person) or skipped. */
enum class OccurrenceState(@get:JsonValue val json: String) { RECORDED("recorded"), PENDING("pending"), SKIPPED("skipped") }

// stored as their JSON names (forced types in pom.xml)
class RepeatUnitConverter : EnumConverter<String, RepeatUnit>(String::class.java, RepeatUnit::class.java, RepeatUnit::json)

class ActionConverter : EnumConverter<String, Action>(String::class.java, Action::class.java, Action::json)

class OccurrenceStateConverter : EnumConverter<String, OccurrenceState>(String::class.java, OccurrenceState::class.java, OccurrenceState::json)

/**
 * When a rule fires. Occurrence n is computed from the start each time (never from the previous
 * occurrence), so a clamped day does not drift: the 31st stays the 31st after a short month.
 * - days, weeks: start + n × every days or weeks.
 * - months: [dayOfMonth] (default the start's day) of every [every]th month from the start's
 *   month; in a month without that day (the 31st in April, the 30th in February) it is the month's
 *   last day, and [lastDay] asks for the last day of every month. Dates before the start are skipped.
 * - years: the start's month and day every [every] years; 29 February is the 28th in other years
 *   (java.time's plusYears).
 * It ends after [count] occurrences or on [end] (inclusive), whichever comes first.
 */
data class Schedule(
    val every: Int,
    val unit: RepeatUnit,
    val start: LocalDate,
    val dayOfMonth: Int? = null,
    val lastDay: Boolean = false,
    val end: LocalDate? = null,
    val count: Int? = null,
) {
    /** The occurrences in order, from the first: a lazy sequence, finite when the rule ends. */
    fun occurrences(): Sequence<LocalDate> {
        val all = generateSequence(0L) { it + 1 }.map { nth(it) }.filter { it >= start }
        val bounded = end?.let { e -> all.takeWhile { it <= e } } ?: all
        return count?.let { bounded.take(it) } ?: bounded
    }

    /**
     * The first occurrence after [date] (the first of all when null) once [produced] occurrences were
     * made; null when the rule has ended by then. Counting what was made (not the position in the
     * sequence) keeps the count right when an edit moved the schedule.
     */
    fun after(date: LocalDate?, produced: Int): LocalDate? =
        if (count != null && produced >= count) null else copy(count = null).occurrences().firstOrNull { date == null || it > date }

    private fun nth(n: Long): LocalDate {
        val step = every.toLong() * n
        return when (unit) {
            RepeatUnit.DAYS -> start.plusDays(step)
            RepeatUnit.WEEKS -> start.plusWeeks(step)
            RepeatUnit.YEARS -> start.plusYears(step)
            RepeatUnit.MONTHS -> YearMonth.from(start).plusMonths(step).let { month ->
                if (lastDay) month.atEndOfMonth() else month.atDay(minOf(dayOfMonth ?: start.dayOfMonth, month.lengthOfMonth()))
            }
        }
    }
}

package outlay.ledger.statistics

import org.springframework.modulith.NamedInterface
import outlay.ledger.Direction
import outlay.ledger.Mode
import outlay.web.QueryParams
import outlay.platform.takeCodePoints
import java.time.LocalDate
import java.time.temporal.ChronoUnit

/**
 * The statistics page's state, all of it in the URL (so a view can be bookmarked): the API's filter,
 * the category roll-up, the timeline's granularity and the item list's cursor. Without any dates
 * in the URL the page shows the current month; an empty date field (the form sends `from=`) means
 * no limit on that side.
 */
@NamedInterface("statistics") // the export page reads the same filter from the URL (outlay.exchange)
data class StatisticsQuery(
    val filter: StatisticsFilter, val rollUp: Boolean, val granularity: Granularity?, val cursor: String?,
    /** Totals in the home currency (`inHome=true` in the URL). */
    val inHome: Boolean = false,
) {

    /** The granularity asked for, or one that keeps the timeline readable for the range. */
    val timelineGranularity: Granularity
        get() = granularity ?: run {
            val days = if (filter.from != null && filter.to != null) ChronoUnit.DAYS.between(filter.from, filter.to) + 1 else Long.MAX_VALUE
            when {
                days <= 62 -> Granularity.DAY
                days <= 190 -> Granularity.WEEK
                else -> Granularity.MONTH
            }
        }

    /** Whether anything beyond the dates narrows the statistics (the filter panel opens then). */
    val narrowed: Boolean get() = filter.copy(from = null, to = null) != StatisticsFilter()

    /** This view's URL with changes, e.g. `url(rollUp = false)`; the item cursor is dropped unless given. */
    fun url(
        filter: StatisticsFilter = this.filter, rollUp: Boolean = this.rollUp, granularity: Granularity? = this.granularity, cursor: String? = null,
        inHome: Boolean = this.inHome,
    ): String {
        // the dates are always in the URL, empty for "no limit", so a view without dates is not read as "this month"
        val rest = QueryParams.build(
            "accountIds" to filter.accountIds, "categoryIds" to filter.categoryIds, "sellerIds" to filter.sellerIds,
            "modes" to filter.modes.map { it.json }, "weekdays" to filter.weekdays, "direction" to filter.direction?.json,
            "hasImage" to filter.hasImage, "hasDocument" to filter.hasDocument, "text" to filter.text,
            "rollUp" to (if (rollUp) null else "false"), "granularity" to granularity?.json, "cursor" to cursor,
            "inHome" to (if (inHome) "true" else null),
        )
        return "/app/statistics?from=${filter.from ?: ""}&to=${filter.to ?: ""}" + rest.replaceFirst("?", "&")
    }

    @NamedInterface("statistics")
    companion object {
        private val MODES = Mode.entries.associateBy { it.json }
        private val DIRECTIONS = Direction.entries.associateBy { it.json }
        private val GRANULARITIES = Granularity.entries.associateBy { it.json }

        fun of(params: QueryParams, hasDates: Boolean, today: LocalDate): StatisticsQuery {
            val month = today.withDayOfMonth(1)
            val filter = StatisticsFilter(
                accountIds = params.uuids("accountIds").take(100),
                categoryIds = params.uuids("categoryIds").take(100),
                modes = params.choices("modes", MODES),
                sellerIds = params.uuids("sellerIds").take(100),
                weekdays = params.ints("weekdays", 1..7),
                from = if (hasDates) params.date("from") else month,
                to = if (hasDates) params.date("to") else month.plusMonths(1).minusDays(1),
                direction = params.choice("direction", DIRECTIONS),
                hasImage = params.flag("hasImage"),
                hasDocument = params.flag("hasDocument"),
                text = params.text("text")?.takeCodePoints(100),
            )
            return StatisticsQuery(
                filter, params.flag("rollUp") ?: true, params.choice("granularity", GRANULARITIES), params.text("cursor"), params.flag("inHome") ?: false,
            )
        }
    }
}

package outlay.preferences

import io.swagger.v3.oas.annotations.media.Schema
import outlay.platform.CodePointLength
import outlay.platform.CurrencyCode
import outlay.platform.TimeZones
import java.time.Clock
import java.time.LocalDate
import java.time.ZoneId

/** What a user has chosen; [DEFAULT] for a user who has chosen nothing. */
data class Preferences(
    /** ISO 4217 code totals across currencies are converted to; null until the user picks one. */
    val homeCurrency: String?,
    /** The user's time zone: which calendar day an instant falls on for them. */
    val timeZone: ZoneId,
) {
    /** The user's calendar day now, e.g. for a new expense's default date or a rule's due day. */
    fun today(clock: Clock): LocalDate = LocalDate.ofInstant(clock.instant(), timeZone)

    companion object {
        val DEFAULT = Preferences(null, ZoneId.of("UTC"))
    }
}

data class PreferenceRequest(
    /** ISO 4217 code such as "EUR"; null or left out: no home currency. */
    @field:CodePointLength(max = 3) @field:Schema(format = CurrencyCode.FORMAT)
    val homeCurrency: String? = null,
    /** An IANA time zone such as "Europe/Berlin", or "UTC". */
    @field:CodePointLength(max = 64) @field:Schema(format = TimeZones.FORMAT)
    val timeZone: String,
)

data class PreferenceView(
    @field:Schema(description = "ISO 4217 code, or null while none is chosen")
    val homeCurrency: String?,
    @field:Schema(description = "IANA time zone, \"UTC\" until one is chosen")
    val timeZone: String,
)

fun Preferences.toView() = PreferenceView(homeCurrency, timeZone.id)

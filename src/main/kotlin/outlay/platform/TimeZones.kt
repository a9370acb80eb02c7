package outlay.platform

import java.time.ZoneId

/**
 * The time zones a user may choose, for preferences and the draft alike: the IANA region zones
 * and UTC. Offsets such as "+02:00" are refused on purpose: they ignore daylight saving, so "the
 * 1st" would drift by an hour for half the year. A string documented as `format = FORMAT` is
 * published as the enum of [IDS] ([ApiContractCustomizer]), so the document and the check agree.
 */
object TimeZones {
    const val FORMAT = "iana-time-zone"
    const val MESSAGE = "must be a time zone such as Europe/Berlin or UTC"

    val IDS: Set<String> = ZoneId.getAvailableZoneIds().filter { '/' in it && !it.startsWith("Etc/") && !it.startsWith("SystemV/") }.toSet() + "UTC"

    /** The zone named [id], or null when it is not one of [IDS]. */
    fun of(id: String): ZoneId? = if (id in IDS) ZoneId.of(id) else null
}

package outlay.preferences

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.Money
import outlay.platform.validate
import java.time.Clock
import java.time.ZoneId
import java.util.UUID

@Service
class PreferenceService(private val preferences: PreferenceRepository, private val clock: Clock) {

    @Transactional(readOnly = true)
    fun get(userId: UUID): Preferences = preferences.find(userId) ?: Preferences.DEFAULT

    /** Each of [userIds]' time zone (UTC for those who never chose one), in one statement. */
    @Transactional(readOnly = true)
    fun zones(userIds: Collection<UUID>): Map<UUID, ZoneId> {
        val chosen = if (userIds.isEmpty()) emptyMap() else preferences.zones(userIds)
        return userIds.associateWith { chosen[it] ?: Preferences.DEFAULT.timeZone }
    }

    /** The user's calendar day now. */
    @Transactional(readOnly = true)
    fun today(userId: UUID) = get(userId).today(clock)

    @Transactional
    fun update(userId: UUID, request: PreferenceRequest): Preferences {
        val currency = request.homeCurrency?.trim()?.ifEmpty { null }
        validate {
            check(currency == null || Money.currency(currency) != null, "homeCurrency", "must be an ISO 4217 currency code such as EUR")
            check(request.timeZone in ZONES, "timeZone", "must be a time zone such as Europe/Berlin or UTC")
        }
        val chosen = Preferences(currency, ZoneId.of(request.timeZone))
        preferences.save(userId, chosen, clock.instant())
        return chosen
    }

    companion object {
        /**
         * The IANA region zones and UTC. Offsets such as "+02:00" are refused on purpose: they
         * ignore daylight saving, so "the 1st" would drift by an hour for half the year.
         */
        val ZONES: Set<String> = ZoneId.getAvailableZoneIds().filter { '/' in it && !it.startsWith("Etc/") && !it.startsWith("SystemV/") }.toSet() + "UTC"
    }
}

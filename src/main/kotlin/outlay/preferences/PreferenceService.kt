package outlay.preferences

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.Money
import outlay.platform.Reads
import outlay.platform.TimeZones
import outlay.platform.validate
import java.time.Clock
import java.time.ZoneId
import java.util.UUID

@Service
class PreferenceService(private val preferences: PreferenceRepository, private val clock: Clock) {

    @Reads
    fun get(userId: UUID): Preferences = preferences.find(userId) ?: Preferences.DEFAULT

    /** Each of [userIds]' time zone (UTC for those who never chose one), in one statement. */
    @Reads
    fun zones(userIds: Collection<UUID>): Map<UUID, ZoneId> {
        val chosen = if (userIds.isEmpty()) emptyMap() else preferences.zones(userIds)
        return userIds.associateWith { chosen[it] ?: Preferences.DEFAULT.timeZone }
    }

    /** The user's calendar day now. */
    @Reads
    fun today(userId: UUID) = get(userId).today(clock)

    @Transactional
    fun update(userId: UUID, request: PreferenceRequest): Preferences {
        val currency = request.homeCurrency
        validate {
            check(currency == null || Money.currency(currency) != null, "homeCurrency", "must be an ISO 4217 currency code such as EUR")
            check(request.timeZone in ZONES, "timeZone", TimeZones.MESSAGE)
        }
        val chosen = Preferences(currency, ZoneId.of(request.timeZone))
        preferences.save(userId, chosen, clock.instant())
        return chosen
    }

    companion object {
        val ZONES: Set<String> = TimeZones.IDS
    }
}

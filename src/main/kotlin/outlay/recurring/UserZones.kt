package outlay.recurring

import org.springframework.stereotype.Component
import outlay.preferences.PreferenceService
import java.time.ZoneId
import java.util.UUID

/**
 * Whose days the rules count in: an occurrence on "the 1st" is due when it is the 1st where the
 * user lives, by the time zone in the user's preferences (UTC until chosen).
 */
@Component
class UserZones(private val preferences: PreferenceService) {
    fun zone(userId: UUID): ZoneId = preferences.get(userId).timeZone

    /** The zones of a page of the sweep's rules' users, in one read. */
    fun zones(userIds: Collection<UUID>): Map<UUID, ZoneId> = preferences.zones(userIds)
}

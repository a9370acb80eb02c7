package outlay.recurring

import org.springframework.stereotype.Component
import java.time.Instant
import java.time.LocalDate
import java.time.ZoneId
import java.time.ZoneOffset
import java.util.UUID

/**
 * Whose days the rules count in: an occurrence on "the 1st" is due when it is the 1st where the
 * user lives. The user's time zone setting belongs to the preferences module; until it is there,
 * every user's zone is UTC.
 */
@Component
class UserZones {
    fun zone(@Suppress("UNUSED_PARAMETER") userId: UUID): ZoneId = ZoneOffset.UTC

    fun today(userId: UUID, now: Instant): LocalDate = LocalDate.ofInstant(now, zone(userId))
}

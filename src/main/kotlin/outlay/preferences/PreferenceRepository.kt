package outlay.preferences

import org.jooq.DSLContext
import org.springframework.stereotype.Repository
import outlay.db.tables.references.USER_PREFERENCES
import java.time.Instant
import java.time.ZoneId
import java.time.ZoneOffset
import java.util.UUID

@Repository
class PreferenceRepository(private val db: DSLContext) {

    fun find(userId: UUID): Preferences? =
        db.select(USER_PREFERENCES.HOME_CURRENCY, USER_PREFERENCES.TIME_ZONE)
            .from(USER_PREFERENCES).where(USER_PREFERENCES.USER_ID.eq(userId))
            .fetchOne { (currency, zone) -> Preferences(currency, ZoneId.of(zone)) }

    fun zones(userIds: Collection<UUID>): Map<UUID, ZoneId> =
        db.selectFrom(USER_PREFERENCES).where(USER_PREFERENCES.USER_ID.`in`(userIds))
            .fetchMap({ it.userId }, { ZoneId.of(it.timeZone) })

    /** One statement whether or not the user has a row yet (MERGE on H2, ON CONFLICT on PostgreSQL). */
    fun save(userId: UUID, preferences: Preferences, now: Instant) {
        val at = now.atOffset(ZoneOffset.UTC)
        db.insertInto(USER_PREFERENCES)
            .set(USER_PREFERENCES.USER_ID, userId)
            .set(USER_PREFERENCES.HOME_CURRENCY, preferences.homeCurrency)
            .set(USER_PREFERENCES.TIME_ZONE, preferences.timeZone.id)
            .set(USER_PREFERENCES.UPDATED_AT, at)
            .onConflict(USER_PREFERENCES.USER_ID).doUpdate()
            .set(USER_PREFERENCES.HOME_CURRENCY, preferences.homeCurrency)
            .set(USER_PREFERENCES.TIME_ZONE, preferences.timeZone.id)
            .set(USER_PREFERENCES.UPDATED_AT, at)
            .execute()
    }
}

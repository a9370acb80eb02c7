package outlay.auth

import org.jooq.DSLContext
import org.jooq.Records
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.records.RefreshTokenRecord
import outlay.db.tables.references.REFRESH_TOKEN
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class RefreshTokenRow(
    val id: UUID,
    val userId: UUID,
    val familyId: UUID,
    val tokenHash: ByteArray,
    val createdAt: Instant,
    val expiresAt: Instant,
    val rotatedAt: Instant?,
    val revokedAt: Instant?,
)

/** A session is a refresh-token family: started at login, renewed by each refresh. */
data class SessionRow(val id: UUID, val startedAt: Instant, val lastRefreshedAt: Instant, val expiresAt: Instant)

@Repository
class RefreshTokenRepository(private val db: DSLContext) {

    fun insert(row: RefreshTokenRow) {
        db.insertInto(REFRESH_TOKEN)
            .set(REFRESH_TOKEN.ID, row.id)
            .set(REFRESH_TOKEN.USER_ID, row.userId)
            .set(REFRESH_TOKEN.FAMILY_ID, row.familyId)
            .set(REFRESH_TOKEN.TOKEN_HASH, row.tokenHash)
            .set(REFRESH_TOKEN.CREATED_AT, row.createdAt.utc())
            .set(REFRESH_TOKEN.EXPIRES_AT, row.expiresAt.utc())
            .execute()
    }

    /** Locks the row so two concurrent uses of one token cannot both rotate it. */
    fun findByHashForUpdate(tokenHash: ByteArray): RefreshTokenRow? =
        db.selectFrom(REFRESH_TOKEN).where(REFRESH_TOKEN.TOKEN_HASH.eq(tokenHash)).forUpdate().fetchOne()?.toRow()

    fun markRotated(id: UUID, at: Instant) {
        db.update(REFRESH_TOKEN).set(REFRESH_TOKEN.ROTATED_AT, at.utc()).where(REFRESH_TOKEN.ID.eq(id)).execute()
    }

    fun revokeFamily(userId: UUID, familyId: UUID, at: Instant): Int =
        db.update(REFRESH_TOKEN)
            .set(REFRESH_TOKEN.REVOKED_AT, at.utc())
            .where(REFRESH_TOKEN.USER_ID.eq(userId))
            .and(REFRESH_TOKEN.FAMILY_ID.eq(familyId))
            .and(REFRESH_TOKEN.REVOKED_AT.isNull)
            .execute()

    /** True when the session (family) was ended: by logout, reuse, a password change or from the session list. */
    fun isFamilyRevoked(userId: UUID, familyId: UUID): Boolean = db.fetchExists(
        db.selectOne().from(REFRESH_TOKEN)
            .where(REFRESH_TOKEN.USER_ID.eq(userId)).and(REFRESH_TOKEN.FAMILY_ID.eq(familyId)).and(REFRESH_TOKEN.REVOKED_AT.isNotNull),
    )

    /** The caller's live sessions: families with an unrevoked, unexpired token, oldest first. */
    fun activeSessions(userId: UUID, now: Instant): List<SessionRow> {
        val started = DSL.min(REFRESH_TOKEN.CREATED_AT)
        val lastUsed = DSL.max(REFRESH_TOKEN.CREATED_AT)
        val expires = DSL.max(REFRESH_TOKEN.EXPIRES_AT)
        return db.select(REFRESH_TOKEN.FAMILY_ID, started, lastUsed, expires)
            .from(REFRESH_TOKEN)
            .where(REFRESH_TOKEN.USER_ID.eq(userId))
            .groupBy(REFRESH_TOKEN.FAMILY_ID)
            .having(DSL.count(REFRESH_TOKEN.REVOKED_AT).eq(0)).and(expires.gt(now.utc()))
            .orderBy(started)
            .fetch(Records.mapping { family, start, last, end -> SessionRow(family!!, start!!.toInstant(), last!!.toInstant(), end!!.toInstant()) })
    }

    /** Ends every session of the user except [keep] (null: all of them). */
    fun revokeFamiliesExcept(userId: UUID, keep: UUID?, at: Instant): Int =
        db.update(REFRESH_TOKEN)
            .set(REFRESH_TOKEN.REVOKED_AT, at.utc())
            .where(REFRESH_TOKEN.USER_ID.eq(userId))
            .and(REFRESH_TOKEN.REVOKED_AT.isNull)
            .and(if (keep == null) DSL.noCondition() else REFRESH_TOKEN.FAMILY_ID.ne(keep))
            .execute()

    /** Tokens of the family issued at or after [since], newest first (the grace window's successor check). */
    fun issuedSince(userId: UUID, familyId: UUID, since: Instant): List<RefreshTokenRow> =
        db.selectFrom(REFRESH_TOKEN)
            .where(REFRESH_TOKEN.USER_ID.eq(userId)).and(REFRESH_TOKEN.FAMILY_ID.eq(familyId))
            .and(REFRESH_TOKEN.CREATED_AT.ge(since.utc()))
            .orderBy(REFRESH_TOKEN.CREATED_AT.desc())
            .forUpdate()
            .fetch { it.toRow() }

    fun expire(id: UUID, at: Instant) {
        db.update(REFRESH_TOKEN).set(REFRESH_TOKEN.EXPIRES_AT, at.utc()).where(REFRESH_TOKEN.ID.eq(id)).execute()
    }

    fun deleteExpiredBefore(cutoff: Instant): Int =
        db.deleteFrom(REFRESH_TOKEN).where(REFRESH_TOKEN.EXPIRES_AT.lt(cutoff.utc())).execute()
}

private fun Instant.utc() = atOffset(ZoneOffset.UTC)

private fun RefreshTokenRecord.toRow() = RefreshTokenRow(
    id, userId, familyId, tokenHash, createdAt.toInstant(), expiresAt.toInstant(),
    rotatedAt?.toInstant(), revokedAt?.toInstant(),
)

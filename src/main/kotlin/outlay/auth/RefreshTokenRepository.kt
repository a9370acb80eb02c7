package outlay.auth

import org.jooq.DSLContext
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

    fun deleteExpiredBefore(cutoff: Instant): Int =
        db.deleteFrom(REFRESH_TOKEN).where(REFRESH_TOKEN.EXPIRES_AT.lt(cutoff.utc())).execute()
}

private fun Instant.utc() = atOffset(ZoneOffset.UTC)

private fun RefreshTokenRecord.toRow() = RefreshTokenRow(
    id, userId, familyId, tokenHash, createdAt.toInstant(), expiresAt.toInstant(),
    rotatedAt?.toInstant(), revokedAt?.toInstant(),
)

package outlay.auth

import org.springframework.scheduling.annotation.Scheduled
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.Ids
import java.security.MessageDigest
import java.security.SecureRandom
import java.time.Clock
import java.time.Duration
import java.util.Base64
import java.util.UUID

/** A new refresh token in clear text; only its hash is stored. */
data class IssuedRefreshToken(val userId: UUID, val familyId: UUID, val token: String)

sealed interface Rotation {
    data class Rotated(val next: IssuedRefreshToken) : Rotation
    /** Unknown, expired or revoked token. */
    data object Invalid : Rotation
    /** A token that was already rotated came back: its family is now revoked. */
    data object Reused : Rotation
}

/**
 * Refresh-token sessions. A login starts a family; each refresh rotates to a new token in the
 * same family; presenting an already-rotated token means it leaked, so the family is revoked.
 */
@Service
class SessionService(
    private val tokens: RefreshTokenRepository,
    private val props: AuthProperties,
    private val clock: Clock,
) {
    private val random = SecureRandom()

    @Transactional
    fun start(userId: UUID): IssuedRefreshToken = issue(userId, Ids.next())

    /** Commits on every outcome, so a detected reuse stays revoked even though the caller fails. */
    @Transactional
    fun rotate(token: String): Rotation {
        val now = clock.instant()
        val row = tokens.findByHashForUpdate(hash(token)) ?: return Rotation.Invalid
        return when {
            row.revokedAt != null -> Rotation.Invalid
            row.rotatedAt != null -> {
                tokens.revokeFamily(row.userId, row.familyId, now)
                Rotation.Reused
            }
            !row.expiresAt.isAfter(now) -> Rotation.Invalid
            else -> {
                tokens.markRotated(row.id, now)
                Rotation.Rotated(issue(row.userId, row.familyId))
            }
        }
    }

    /** Ends the session the token belongs to; unknown tokens are ignored (logout is idempotent). */
    @Transactional
    fun revoke(token: String) {
        val row = tokens.findByHashForUpdate(hash(token)) ?: return
        tokens.revokeFamily(row.userId, row.familyId, clock.instant())
    }

    /** Expired rows are useless for reuse detection after a grace day; keep the table small. */
    @Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT5M")
    @Transactional
    fun purgeExpired() {
        tokens.deleteExpiredBefore(clock.instant().minus(Duration.ofDays(1)))
    }

    private fun issue(userId: UUID, familyId: UUID): IssuedRefreshToken {
        val bytes = ByteArray(32).also(random::nextBytes)
        val token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)
        val now = clock.instant()
        tokens.insert(
            RefreshTokenRow(Ids.next(), userId, familyId, hash(token), now, now.plus(props.refreshTokenTtl), null, null),
        )
        return IssuedRefreshToken(userId, familyId, token)
    }

    private fun hash(token: String): ByteArray =
        MessageDigest.getInstance("SHA-256").digest(token.toByteArray(Charsets.US_ASCII))
}

package outlay.auth

import org.springframework.scheduling.annotation.Scheduled
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.Ids
import outlay.platform.Reads
import java.security.MessageDigest
import java.security.SecureRandom
import java.time.Clock
import java.time.Duration
import java.time.Instant
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
 * same family; presenting an already-rotated token means it leaked, so the family is revoked —
 * except once within [RETRY_GRACE] of its rotation while its successor is still unused: that is
 * a client retrying a refresh whose response it never received.
 */
@Service
class SessionService(
    private val tokens: RefreshTokenRepository,
    private val revocations: SessionRevocations,
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
            row.rotatedAt != null -> retry(row, now) ?: run {
                tokens.revokeFamily(row.userId, row.familyId, now)
                revocations.ended(row.userId, listOf(row.familyId))
                Rotation.Reused
            }
            !row.expiresAt.isAfter(now) -> Rotation.Invalid
            else -> {
                tokens.markRotated(row.id, now)
                Rotation.Rotated(issue(row.userId, row.familyId))
            }
        }
    }

    /**
     * The lost-response retry: the only token issued since [row] was rotated is its unused
     * successor, within the grace window. The successor (never received) expires now, so it can
     * no longer be used, and a new one is issued; a second retry finds two successors and counts
     * as reuse.
     */
    private fun retry(row: RefreshTokenRow, now: Instant): Rotation? {
        val rotatedAt = row.rotatedAt ?: return null
        if (now.isAfter(rotatedAt.plus(RETRY_GRACE)) || !row.expiresAt.isAfter(now)) return null
        val successor = tokens.issuedSince(row.userId, row.familyId, rotatedAt).singleOrNull() ?: return null
        if (successor.rotatedAt != null || successor.revokedAt != null) return null
        tokens.expire(successor.id, now)
        return Rotation.Rotated(issue(row.userId, row.familyId))
    }

    /** Ends the session the token belongs to; unknown tokens are ignored (logout is idempotent). */
    @Transactional
    fun revoke(token: String) {
        val row = tokens.findByHashForUpdate(hash(token)) ?: return
        tokens.revokeFamily(row.userId, row.familyId, clock.instant())
        revocations.ended(row.userId, listOf(row.familyId))
    }

    @Reads
    fun list(userId: UUID): List<SessionRow> = tokens.activeSessions(userId, clock.instant())

    /** Ends one of the caller's sessions; false when there is no such live session of theirs. */
    @Transactional
    fun end(userId: UUID, sessionId: UUID): Boolean {
        if (tokens.revokeFamily(userId, sessionId, clock.instant()) == 0) return false
        revocations.ended(userId, listOf(sessionId))
        return true
    }

    /** Ends every session of the user but [keep] (null: all), e.g. after a password change. */
    @Transactional
    fun endAllExcept(userId: UUID, keep: UUID?) {
        tokens.revokeFamiliesExcept(userId, keep, clock.instant())
        revocations.forget(userId)
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

    companion object {
        val RETRY_GRACE: Duration = Duration.ofSeconds(30)
    }

    private fun hash(token: String): ByteArray =
        MessageDigest.getInstance("SHA-256").digest(token.toByteArray(Charsets.US_ASCII))
}

package outlay.auth

import com.github.benmanes.caffeine.cache.Caffeine
import org.springframework.security.oauth2.core.OAuth2Error
import org.springframework.security.oauth2.core.OAuth2TokenValidator
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.security.oauth2.jwt.JwtClaimNames
import org.springframework.stereotype.Component
import outlay.platform.claimedId
import java.util.UUID

/**
 * Ends access tokens with their session: every request's token names its session (`sid`), and
 * a session that was ended (logout, password change, the session list, refresh-token reuse)
 * refuses its access tokens from then on instead of at their expiry. The answer per session is
 * cached for `outlay.auth.session-check-interval` (5 s), so a busy session costs one indexed lookup per interval (a few
 * when its requests arrive together as the answer expires), not one per request; an end on this instance is seen at
 * once, on another within the interval.
 */
@Component
class SessionRevocations(private val tokens: RefreshTokenRepository, props: AuthProperties) : OAuth2TokenValidator<Jwt> {
    private val enabled = !props.sessionCheckInterval.isZero
    private val revoked = Caffeine.newBuilder().expireAfterWrite(props.sessionCheckInterval).maximumSize(100_000)
        .build<Pair<UUID, UUID>, Boolean>()

    override fun validate(token: Jwt): OAuth2TokenValidatorResult {
        if (!enabled) return OAuth2TokenValidatorResult.success()
        val user = token.claimedId(JwtClaimNames.SUB)
        val session = token.claimedId("sid")
        if (user == null || session == null) return OAuth2TokenValidatorResult.failure(ENDED)
        val key = user to session
        // The lookup runs outside the cache: inside its computation (Cache.get with a loader) it held a lock of the
        // cache's map while waiting for a connection, the cache's upkeep waited for that lock, and every other
        // request's check for that upkeep; under overload requests queued there for 60-76 s (the lab, 2026-12-06).
        // putIfAbsent: an end recorded meanwhile (ended) is not overwritten by this older answer.
        val ended = revoked.getIfPresent(key)
            ?: tokens.isFamilyRevoked(user, session).let { revoked.asMap().putIfAbsent(key, it) ?: it }
        return if (ended) OAuth2TokenValidatorResult.failure(ENDED) else OAuth2TokenValidatorResult.success()
    }

    /** Called after this instance ends sessions, so their tokens stop here at once. */
    fun ended(userId: UUID, sessionIds: Collection<UUID>) = sessionIds.forEach { revoked.put(userId to it, true) }

    /** After "end all but one" the ended ids are unknown here; forget the user's cached answers. */
    fun forget(userId: UUID) = revoked.asMap().keys.removeIf { it.first == userId }

    companion object {
        private val ENDED = OAuth2Error("invalid_token", "The session of this access token has ended", null)
    }
}

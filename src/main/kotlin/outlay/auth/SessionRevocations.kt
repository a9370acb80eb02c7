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
 * cached for `outlay.auth.session-check-interval` (5 s), so a busy session costs one indexed lookup per interval, not one
 * per request; an end on this instance is seen at once, on another within the interval.
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
        val ended = revoked.get(user to session) { (u, s) -> tokens.isFamilyRevoked(u, s) }
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

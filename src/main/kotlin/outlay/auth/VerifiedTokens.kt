package outlay.auth

import com.github.benmanes.caffeine.cache.Caffeine
import org.springframework.security.oauth2.core.OAuth2TokenValidator
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.security.oauth2.jwt.JwtDecoder
import org.springframework.security.oauth2.jwt.JwtValidationException
import java.time.Duration

/**
 * Parses and verifies each distinct access token once, then only validates it on later requests.
 *
 * A client sends the same token with every request until it expires; parsing it and checking its
 * RS256 signature again each time was ~150 us of every authenticated request's CPU (the largest
 * part outside the query in nearby's profile, docs/performance.md). The cache key is the whole
 * token, signature included, so a changed byte is a different key and is verified afresh. The
 * validator (expiry, issuer, a session ended since) still runs on every request, so a cached
 * token stops working at the same moment an uncached one would.
 *
 * Bounded: ~2 KB per entry, at most [MAX_TOKENS] of them. An entry idle for [IDLE] is dropped;
 * a dropped token is only verified again.
 */
class VerifiedTokens(private val verify: JwtDecoder, private val validator: OAuth2TokenValidator<Jwt>) : JwtDecoder {
    private val verified = Caffeine.newBuilder().maximumSize(MAX_TOKENS).expireAfterAccess(IDLE).build<String, Jwt>()

    // A token that fails verification throws out of the loader, so it is never cached.
    override fun decode(token: String): Jwt {
        val jwt = verified.get(token, verify::decode)
        val result = validator.validate(jwt)
        if (!result.hasErrors()) return jwt
        // The message NimbusJwtDecoder gives the same failure, so the 401 reads as before.
        val reason = result.errors.firstNotNullOfOrNull { it.description?.takeIf(String::isNotEmpty) }
        throw JwtValidationException(reason?.let { "An error occurred while attempting to decode the Jwt: $it" } ?: "Unable to validate Jwt", result.errors)
    }

    companion object {
        const val MAX_TOKENS = 4_096L
        val IDLE: Duration = Duration.ofMinutes(5)
    }
}

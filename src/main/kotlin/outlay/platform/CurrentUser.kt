package outlay.platform

import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.security.oauth2.jwt.JwtClaimNames
import java.util.UUID

/** The caller's user id: the access token's subject. Every query filters on it. */
fun Jwt.userId(): UUID = claimedId(JwtClaimNames.SUB) ?: throw IllegalArgumentException("The access token names no user")

/**
 * An id the token carries as text (Outlay writes its subject and session so), or null when it carries none. Read from
 * the claims as they are: `subject` and `getClaimAsString` run Spring's conversion service on every request.
 */
fun Jwt.claimedId(name: String): UUID? = (claims[name] as? String)?.let {
    // only a malformed id is "none"; anything else thrown here is not the token's fault
    try { UUID.fromString(it) } catch (_: IllegalArgumentException) { null }
}

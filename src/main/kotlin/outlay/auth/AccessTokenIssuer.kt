package outlay.auth

import com.nimbusds.jwt.JWTClaimsSet
import com.nimbusds.jwt.SignedJWT
import org.springframework.stereotype.Component
import outlay.platform.Ids
import java.time.Clock
import java.util.Date
import java.util.UUID

/**
 * Signs short-lived RS256 access tokens; `sub` is the user id, `sid` the refresh-token family.
 *
 * Nimbus signs them directly. Spring's `JwtClaimsSet` builder tries to turn `iss` into a URL,
 * and ours ("outlay") is not one, so each login threw and caught an exception; its encoder then
 * converted the claims once more. The token is the same: header `alg`, `kid`, `typ`, and the claims below.
 */
@Component
class AccessTokenIssuer(
    private val keys: SigningKeys,
    private val props: AuthProperties,
    private val clock: Clock,
) {
    fun issue(userId: UUID, sessionId: UUID): String {
        val now = clock.instant()
        val claims = JWTClaimsSet.Builder()
            .issuer(props.issuer)
            .subject(userId.toString())
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plus(props.accessTokenTtl)))
            .jwtID(Ids.next().toString())
            .claim("sid", sessionId.toString())
            .build()
        return SignedJWT(keys.header, claims).apply { sign(keys.signer) }.serialize()
    }
}

package outlay.auth

import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm
import org.springframework.security.oauth2.jwt.JwsHeader
import org.springframework.security.oauth2.jwt.JwtClaimsSet
import org.springframework.security.oauth2.jwt.JwtEncoder
import org.springframework.security.oauth2.jwt.JwtEncoderParameters
import org.springframework.stereotype.Component
import outlay.platform.Ids
import java.time.Clock
import java.util.UUID

/** Signs short-lived RS256 access tokens; `sub` is the user id, `sid` the refresh-token family. */
@Component
class AccessTokenIssuer(
    private val encoder: JwtEncoder,
    private val keys: SigningKeys,
    private val props: AuthProperties,
    private val clock: Clock,
) {
    fun issue(userId: UUID, sessionId: UUID): String {
        val now = clock.instant()
        val claims = JwtClaimsSet.builder()
            .issuer(props.issuer)
            .subject(userId.toString())
            .issuedAt(now)
            .expiresAt(now.plus(props.accessTokenTtl))
            .id(Ids.next().toString())
            .claim("sid", sessionId.toString())
            .build()
        val header = JwsHeader.with(SignatureAlgorithm.RS256).keyId(keys.signing.keyID).type("JWT").build()
        return encoder.encode(JwtEncoderParameters.from(header, claims)).tokenValue
    }
}

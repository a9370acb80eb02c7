package outlay.platform

import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.security.oauth2.jwt.JwtClaimNames
import java.util.UUID

/**
 * The caller's user id: the access token's subject. Every query filters on it. Read as the token holds it (Outlay
 * writes it as text): `subject` runs Spring's conversion service for it on every request.
 */
fun Jwt.userId(): UUID = UUID.fromString(claims[JwtClaimNames.SUB] as? String ?: subject)

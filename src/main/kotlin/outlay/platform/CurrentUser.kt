package outlay.platform

import org.springframework.security.oauth2.jwt.Jwt
import java.util.UUID

/** The caller's user id: the access token's subject. Every query filters on it. */
fun Jwt.userId(): UUID = UUID.fromString(subject)

package outlay.auth

import jakarta.validation.constraints.Email
import jakarta.validation.constraints.NotBlank
import jakarta.validation.constraints.Size
import java.time.Instant
import java.util.UUID

data class RegisterRequest(
    @field:NotBlank @field:Email @field:Size(max = 320)
    val email: String,
    @field:Size(min = 8, max = 128, message = "must be 8 to 128 characters")
    val password: String,
    /** Trimmed; 1 to 100 characters remain. */
    val displayName: String,
)

data class LoginRequest(
    @field:NotBlank @field:Size(max = 320)
    val email: String,
    @field:NotBlank @field:Size(max = 128)
    val password: String,
)

data class RefreshRequest(@field:NotBlank @field:Size(max = 200) val refreshToken: String)

data class TokenResponse(
    val accessToken: String,
    val tokenType: String,
    /** Seconds until the access token expires. */
    val expiresIn: Long,
    val refreshToken: String,
    /** Seconds until the refresh token expires. */
    val refreshExpiresIn: Long,
)

data class UserView(val id: UUID, val email: String, val displayName: String, val createdAt: Instant)

fun UserRow.toView() = UserView(id, email, displayName, createdAt)

package outlay.auth

import io.swagger.v3.oas.annotations.media.Schema
import jakarta.validation.constraints.Pattern
import outlay.platform.CodePointLength
import outlay.platform.InputDomains
import java.time.Instant
import java.util.UUID

private const val PASSWORD_DOC = "8 to 128 characters (Unicode code points), without control characters or white space at either end"

data class RegisterRequest(
    // One rule for the server and the document (InputDomains.EMAIL_PATTERN), not Bean Validation's looser @Email.
    @field:Schema(description = "An email address as HTML's email input accepts it (ASCII; a domain in another script as its punycode)", example = "ann@example.com")
    @field:Pattern(regexp = InputDomains.EMAIL_PATTERN, message = InputDomains.EMAIL) @field:CodePointLength(max = 320)
    val email: String,
    // One rule (InputDomains.PASSWORD_PATTERN) for the server and the document; no @Size, which counts UTF-16 units.
    @field:Pattern(regexp = InputDomains.PASSWORD_PATTERN, message = InputDomains.PASSWORD)
    @field:Schema(minLength = InputDomains.PASSWORD_MIN_LENGTH, maxLength = InputDomains.PASSWORD_MAX_LENGTH, description = PASSWORD_DOC)
    val password: String,
    /** Trimmed; 1 to 100 characters. */
    @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:CodePointLength(max = 100)
    val displayName: String,
)

data class LoginRequest(
    @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:CodePointLength(max = 320)
    val email: String,
    @field:Pattern(regexp = InputDomains.PASSWORD_ATTEMPT_PATTERN, message = InputDomains.PASSWORD_ATTEMPT)
    @field:Schema(minLength = 1, maxLength = InputDomains.PASSWORD_MAX_LENGTH)
    val password: String,
)

data class RefreshRequest(@field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:CodePointLength(max = 200) val refreshToken: String)

data class ChangePasswordRequest(
    @field:Pattern(regexp = InputDomains.PASSWORD_ATTEMPT_PATTERN, message = InputDomains.PASSWORD_ATTEMPT)
    @field:Schema(minLength = 1, maxLength = InputDomains.PASSWORD_MAX_LENGTH)
    val currentPassword: String,
    @field:Pattern(regexp = InputDomains.PASSWORD_PATTERN, message = InputDomains.PASSWORD)
    @field:Schema(minLength = InputDomains.PASSWORD_MIN_LENGTH, maxLength = InputDomains.PASSWORD_MAX_LENGTH, description = PASSWORD_DOC)
    val newPassword: String,
)

/** A signed-in device: one login and the refreshes that followed it. */
data class SessionView(
    val id: UUID,
    val startedAt: Instant,
    val lastRefreshedAt: Instant,
    val expiresAt: Instant,
    /** The session of the access token that asked. */
    val current: Boolean,
)

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

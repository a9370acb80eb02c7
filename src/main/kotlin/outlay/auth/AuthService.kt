package outlay.auth

import org.springframework.context.ApplicationEventPublisher
import org.springframework.dao.DuplicateKeyException
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.ProblemType
import outlay.platform.UserDeleted
import outlay.platform.ValidationException
import java.time.Clock
import java.util.Locale
import java.util.UUID

/**
 * Credentials and sessions. Password hashing never runs inside a database transaction: a
 * 50-100 ms BCrypt call holding a pooled connection would let logins exhaust the pool.
 */
@Service
class AuthService(
    private val users: UserRepository,
    private val sessions: SessionService,
    private val hasher: PasswordHasher,
    private val limiter: LoginRateLimiter,
    private val accessTokens: AccessTokenIssuer,
    private val props: AuthProperties,
    private val clock: Clock,
    private val events: ApplicationEventPublisher,
) {
    /** Verified when the email is unknown, so a miss costs the same BCrypt work as a wrong password. */
    private val decoyHash: String by lazy { hasher.hash(UUID.randomUUID().toString()) }

    fun register(request: RegisterRequest, clientIp: String): UserView {
        val displayName = request.displayName.trim()
        if (displayName.isEmpty() || displayName.codePointCount(0, displayName.length) > 100) {
            throw ValidationException("displayName", "must be 1 to 100 characters after trimming")
        }
        limiter.acquireIp(clientIp)
        val email = request.email.trim()
        val emailKey = emailKey(email)
        hasher.ensureCapacity()
        if (users.findByEmailKey(emailKey) != null) throw emailTaken()
        val user = UserRow(Ids.next(), email, emailKey, displayName, hasher.hash(request.password), clock.instant())
        try {
            users.insert(user)
        } catch (e: DuplicateKeyException) {
            throw emailTaken() // lost a race with a concurrent registration
        }
        return user.toView()
    }

    fun login(request: LoginRequest, clientIp: String): TokenResponse = tokens(sessions.start(authenticate(request, clientIp).id))

    /**
     * Checks email and password under the same rate limits and hashing pool as [login], without
     * issuing tokens: the web app's sign-in keeps the user in a browser session instead.
     */
    fun authenticate(request: LoginRequest, clientIp: String): UserView {
        limiter.acquireIp(clientIp)
        val emailKey = emailKey(request.email)
        limiter.acquireAccount(emailKey)
        hasher.ensureCapacity()
        val user = users.findByEmailKey(emailKey)
        val matches = hasher.matches(request.password, user?.passwordHash ?: decoyHash)
        if (user == null || !matches) {
            throw ApiException(HttpStatus.UNAUTHORIZED, ProblemType.INVALID_CREDENTIALS, "The email or password is incorrect.")
        }
        limiter.releaseAccount(emailKey)
        if (hasher.needsRehash(user.passwordHash)) users.updatePasswordHash(user.id, hasher.hash(request.password))
        return user.toView()
    }

    fun refresh(request: RefreshRequest): TokenResponse = when (val rotation = sessions.rotate(request.refreshToken)) {
        is Rotation.Rotated -> tokens(rotation.next)
        Rotation.Invalid -> throw ApiException(
            HttpStatus.UNAUTHORIZED, ProblemType.INVALID_REFRESH_TOKEN, "The refresh token is invalid, expired or revoked.",
        )
        Rotation.Reused -> throw ApiException(
            HttpStatus.UNAUTHORIZED, ProblemType.REFRESH_TOKEN_REUSED,
            "This refresh token was already used; the session has been revoked. Sign in again.",
        )
    }

    fun logout(request: RefreshRequest) = sessions.revoke(request.refreshToken)

    /**
     * Asks for the password again before something that cannot be undone; hashing stays outside a
     * database transaction. A wrong one is a 403, as for a password change: the request is well
     * formed, the caller is not allowed (a 400 would call a correct-looking secret malformed).
     */
    fun confirmPassword(userId: UUID, password: String, clientIp: String) {
        val user = users.findById(userId) ?: throw NotFoundException("User not found.")
        checkPassword(user, password, clientIp, "This is not your current password.")
    }

    /** Deletes the user's own row (the caller has deleted the rows that refer to it, or lets them cascade). */
    @Transactional
    fun delete(userId: UUID) {
        if (!users.delete(userId)) throw NotFoundException("User not found.")
        events.publishEvent(UserDeleted(userId))
    }

    /**
     * Changes the caller's password after checking the current one, and ends every other
     * session (its refresh tokens at once, its access tokens within seconds); this one stays.
     */
    fun changePassword(userId: UUID, sessionId: UUID, request: ChangePasswordRequest, clientIp: String) {
        val user = users.findById(userId) ?: throw NotFoundException("User not found.")
        checkPassword(user, request.currentPassword, clientIp, "The current password is not correct.")
        users.updatePasswordHash(userId, hasher.hash(request.newPassword))
        sessions.endAllExcept(userId, sessionId)
    }

    /** The operator's reset (command line): a new password, and every session ends. False when no such user. */
    fun resetPassword(email: String, newPassword: String): Boolean {
        val user = users.findByEmailKey(emailKey(email)) ?: return false
        users.updatePasswordHash(user.id, hasher.hash(newPassword))
        sessions.endAllExcept(user.id, null)
        return true
    }

    /**
     * A signed-in user's password, checked under the login's limits (per client IP and per account,
     * the account's bucket shared with sign-in): a stolen access token must not make these
     * operations a way to guess the password faster than signing in. A right one gives the
     * account's attempt back, as a login does.
     */
    private fun checkPassword(user: UserRow, password: String, clientIp: String, wrong: String) {
        limiter.acquireIp(clientIp)
        limiter.acquireAccount(user.emailKey)
        hasher.ensureCapacity()
        if (!hasher.matches(password, user.passwordHash)) throw ApiException(HttpStatus.FORBIDDEN, ProblemType.FORBIDDEN, wrong)
        limiter.releaseAccount(user.emailKey)
    }

    fun me(userId: UUID): UserView = users.findById(userId)?.toView() ?: throw NotFoundException("User not found.")

    private fun tokens(refresh: IssuedRefreshToken) = TokenResponse(
        accessToken = accessTokens.issue(refresh.userId, refresh.familyId),
        tokenType = "Bearer",
        expiresIn = props.accessTokenTtl.toSeconds(),
        refreshToken = refresh.token,
        refreshExpiresIn = props.refreshTokenTtl.toSeconds(),
    )

    private fun emailTaken() = ApiException(HttpStatus.CONFLICT, ProblemType.EMAIL_TAKEN, "An account with this email already exists.")

    private fun emailKey(email: String) = email.trim().lowercase(Locale.ROOT)
}

package outlay.auth

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.servlet.http.HttpServletRequest
import jakarta.validation.Valid
import org.springframework.http.HttpStatus
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import outlay.platform.NotFoundException
import outlay.platform.userId
import java.util.UUID

/** The signed-in user's own sessions and password. */
@RestController
@Tag(name = "auth")
class SessionController(private val sessions: SessionService, private val auth: AuthService) {

    @GetMapping("/me/sessions")
    @Operation(summary = "The caller's signed-in sessions, oldest first")
    fun list(@AuthenticationPrincipal jwt: Jwt): List<SessionView> {
        val current = jwt.sessionId()
        return sessions.list(jwt.userId()).map { SessionView(it.id, it.startedAt, it.lastRefreshedAt, it.expiresAt, it.id == current) }
    }

    @DeleteMapping("/me/sessions/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "End a session: its refresh token at once, its access tokens within seconds")
    fun end(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) {
        if (!sessions.end(jwt.userId(), id)) throw NotFoundException("Session not found.")
    }

    @PostMapping("/me/password")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Change the password; every other session ends")
    fun changePassword(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: ChangePasswordRequest, request: HttpServletRequest) =
        auth.changePassword(jwt.userId(), jwt.sessionId(), body, request.remoteAddr)

    private fun Jwt.sessionId(): UUID = UUID.fromString(getClaimAsString("sid"))
}

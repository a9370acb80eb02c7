package outlay.auth

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.servlet.http.HttpServletRequest
import jakarta.validation.Valid
import org.springframework.http.CacheControl
import org.springframework.http.HttpStatus
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import java.net.URI
import java.util.UUID
import java.util.concurrent.TimeUnit

@RestController
@Tag(name = "auth")
class AuthController(private val auth: AuthService, private val keys: SigningKeys) {

    @PostMapping("/auth/register")
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Create an account")
    fun register(@Valid @RequestBody body: RegisterRequest, request: HttpServletRequest): ResponseEntity<UserView> =
        auth.register(body, request.remoteAddr).let { ResponseEntity.created(URI.create("/me")).body(it) }

    @PostMapping("/auth/login")
    @Operation(summary = "Exchange email and password for an access token and a refresh token")
    fun login(@Valid @RequestBody body: LoginRequest, request: HttpServletRequest): ResponseEntity<TokenResponse> =
        ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(auth.login(body, request.remoteAddr))

    @PostMapping("/auth/refresh")
    @Operation(summary = "Rotate a refresh token: the old one stops working, a new pair is returned")
    fun refresh(@Valid @RequestBody body: RefreshRequest): ResponseEntity<TokenResponse> =
        ResponseEntity.ok().cacheControl(CacheControl.noStore()).body(auth.refresh(body))

    @PostMapping("/auth/logout")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Revoke the session the refresh token belongs to")
    fun logout(@Valid @RequestBody body: RefreshRequest) = auth.logout(body)

    @GetMapping("/me")
    @Operation(summary = "The signed-in user")
    fun me(@AuthenticationPrincipal jwt: Jwt): UserView = auth.me(UUID.fromString(jwt.subject))

    @GetMapping("/.well-known/jwks.json")
    @Operation(summary = "Public keys that verify access tokens")
    fun jwks(): ResponseEntity<Map<String, Any>> =
        ResponseEntity.ok().cacheControl(CacheControl.maxAge(5, TimeUnit.MINUTES).cachePublic())
            .body(keys.publicSet.toJSONObject())
}

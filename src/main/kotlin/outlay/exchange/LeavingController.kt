package outlay.exchange

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.tags.Tag
import io.swagger.v3.oas.annotations.media.Schema
import jakarta.servlet.http.HttpServletRequest
import jakarta.validation.Valid
import jakarta.validation.constraints.Pattern
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RestController
import outlay.platform.InputDomains
import outlay.platform.userId

data class LeaveRequest(
    @field:Pattern(regexp = InputDomains.PASSWORD_ATTEMPT_PATTERN, message = InputDomains.PASSWORD_ATTEMPT)
    @field:Schema(minLength = 1, maxLength = InputDomains.PASSWORD_MAX_LENGTH)
    val password: String,
)

@RestController
@Tag(name = "exports")
class LeavingController(private val leaving: LeavingService) {

    @PostMapping("/me/delete")
    @Operation(summary = "Deletes the caller's account with every row and file of theirs; needs the password again. Export first.")
    fun leave(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: LeaveRequest, request: HttpServletRequest): ResponseEntity<Unit> {
        leaving.leave(jwt.userId(), body.password, request.remoteAddr)
        return ResponseEntity.noContent().build()
    }
}

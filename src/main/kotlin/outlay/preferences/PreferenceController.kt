package outlay.preferences

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RestController
import outlay.platform.userId

@RestController
@RequestMapping("/me/preferences")
@Tag(name = "preferences")
class PreferenceController(private val preferences: PreferenceService) {

    @GetMapping
    @Operation(summary = "The caller's home currency and time zone (none and UTC until chosen)")
    fun get(@AuthenticationPrincipal jwt: Jwt): PreferenceView = preferences.get(jwt.userId()).toView()

    @PutMapping
    @Operation(summary = "Choose the home currency and time zone")
    fun update(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: PreferenceRequest): PreferenceView =
        preferences.update(jwt.userId(), body).toView()
}

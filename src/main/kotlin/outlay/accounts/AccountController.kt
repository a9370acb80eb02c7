package outlay.accounts

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import org.springframework.http.HttpStatus
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import outlay.platform.userId
import java.util.UUID

@RestController
@RequestMapping("/accounts")
@Tag(name = "accounts")
class AccountController(private val accounts: AccountService) {

    @GetMapping
    @Operation(summary = "The caller's accounts, oldest first")
    fun list(@AuthenticationPrincipal jwt: Jwt, @RequestParam(defaultValue = "false") includeArchived: Boolean) =
        accounts.withBalances(jwt.userId(), includeArchived)

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    fun create(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: AccountRequest) = accounts.create(jwt.userId(), body)

    @GetMapping("/{id}")
    fun get(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = accounts.withBalance(jwt.userId(), id)

    @PutMapping("/{id}")
    @Operation(summary = "Replace name, institution, reference and archived flag (currency only while unused; not archived while a recurring rule records into it)")
    fun update(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @Valid @RequestBody body: AccountRequest) =
        accounts.update(jwt.userId(), id, body)

    @DeleteMapping("/{id}")
    @Operation(summary = "Delete an unused account (204), or archive one that transactions refer to (200); 409 while a recurring rule records into it")
    @ApiResponse(responseCode = "200", description = "Archived: transactions refer to the account")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @ApiResponse(responseCode = "409", description = "A recurring rule records into the account (the problem names it); nothing changed")
    fun remove(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID): ResponseEntity<AccountView> =
        when (val removal = accounts.remove(jwt.userId(), id)) {
            Removal.Deleted -> ResponseEntity.noContent().build()
            is Removal.Archived -> ResponseEntity.ok(removal.account)
        }
}

package outlay.ledger

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.Parameter
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import jakarta.validation.constraints.Max
import jakarta.validation.constraints.Min
import jakarta.validation.constraints.Pattern
import org.springframework.format.annotation.DateTimeFormat
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
import outlay.platform.CodePointLength
import outlay.platform.Ids
import outlay.platform.InputDomains
import outlay.platform.Page
import outlay.platform.userId
import java.net.URI
import java.time.LocalDate
import java.util.UUID

@RestController
@RequestMapping("/transfers")
@Tag(name = "transfers", description = "Money moved between your own accounts: never an expense or income in the statistics")
class TransferController(private val transfers: TransferService) {

    @PostMapping
    @Operation(summary = "Record a transfer; the client's id makes a retry return the same transfer (200)")
    @ApiResponse(responseCode = "201", description = "Created")
    @ApiResponse(responseCode = "200", description = "A retry: the transfer with this id, unchanged")
    fun create(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: TransferRequest): ResponseEntity<TransferView> {
        val saved = transfers.create(jwt.userId(), body)
        return ResponseEntity.status(if (saved.created) HttpStatus.CREATED else HttpStatus.OK)
            .location(URI.create("/transfers/${saved.transfer.id}")).body(saved.transfer)
    }

    @GetMapping
    @Operation(summary = "Transfers only, newest first, keyset-paginated (GET /transactions lists them among the transactions)")
    fun list(
        @AuthenticationPrincipal jwt: Jwt,
        @Parameter(description = "Transfers leaving or reaching this account")
        @RequestParam(required = false) accountId: UUID?,
        @Parameter(description = TransactionService.FROM_DESCRIPTION)
        @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) from: LocalDate?,
        @Parameter(description = "The last day listed (inclusive)")
        @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) to: LocalDate?,
        @Parameter(description = "Text in the note (any case)")
        @RequestParam(required = false) @CodePointLength(min = 1, max = TransactionService.MAX_TEXT) @Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) text: String?,
        @RequestParam(required = false) cursor: String?,
        @RequestParam(defaultValue = "50") @Min(1) @Max(TransactionService.MAX_PAGE.toLong()) limit: Int,
    ): Page<TransferView> = transfers.list(jwt.userId(), TransferFilter(accountId, from, to, text), cursor, limit)

    @GetMapping("/{id:${Ids.UUID_PATTERN}}")
    fun get(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = transfers.get(jwt.userId(), id)

    @PutMapping("/{id:${Ids.UUID_PATTERN}}")
    @Operation(summary = "Replace the transfer (the body's id is ignored)")
    fun update(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @Valid @RequestBody body: TransferRequest) =
        transfers.update(jwt.userId(), id, body)

    @DeleteMapping("/{id:${Ids.UUID_PATTERN}}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun delete(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = transfers.delete(jwt.userId(), id)
}

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
import org.springframework.web.bind.annotation.RequestHeader
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import outlay.platform.CodePointLength
import outlay.platform.Ids
import outlay.platform.InputDomains
import outlay.platform.Page
import outlay.platform.ValidationException
import outlay.platform.userId
import java.net.URI
import java.time.LocalDate
import java.util.UUID

@RestController
@RequestMapping("/transactions")
@Tag(name = "transactions")
class TransactionController(private val transactions: TransactionService) {

    /**
     * Without `items` in the body, saves the draft; with them, creates the transaction
     * directly. Either way 201 when created and 200 when a retry found the earlier result.
     */
    @PostMapping
    @Operation(summary = "Save the draft (body empty or {draftId}) or create a transaction directly (body with items)")
    @ApiResponse(responseCode = "201", description = "Created")
    @ApiResponse(responseCode = "200", description = "A retry: the transaction the earlier request made")
    fun save(
        @AuthenticationPrincipal jwt: Jwt,
        @Parameter(
            description = "Makes retries safe: the same key with the same request returns the same transaction (200); " +
                "with another request it is refused (422, /problems/idempotency-key-reused). A key is remembered " +
                "as long as the transaction it made exists.",
        )
        @RequestHeader("Idempotency-Key", required = false) idempotencyKey: String?,
        @Valid @RequestBody(required = false) body: TransactionRequest?,
    ): ResponseEntity<TransactionView> {
        if (idempotencyKey != null && (idempotencyKey.isBlank() || idempotencyKey.length > 200)) {
            throw ValidationException("Idempotency-Key", "must be 1 to 200 characters")
        }
        val saved = if (body?.items == null) transactions.saveDraft(jwt.userId(), body?.draftId, idempotencyKey)
        else transactions.create(jwt.userId(), body, idempotencyKey)
        val status = if (saved.created) HttpStatus.CREATED else HttpStatus.OK
        return ResponseEntity.status(status).location(URI.create("/transactions/${saved.transaction.id}")).body(saved.transaction)
    }

    @GetMapping
    @Operation(summary = "Newest first, keyset-paginated: pass nextCursor back as cursor")
    fun list(
        @AuthenticationPrincipal jwt: Jwt,
        @RequestParam(required = false) accountId: UUID?,
        @Parameter(description = TransactionService.FROM_DESCRIPTION)
        @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) from: LocalDate?,
        @Parameter(description = "The last day listed (inclusive)")
        @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) to: LocalDate?,
        @Parameter(description = "Text in an item's description or brand, the note or the seller's name (any case)")
        @RequestParam(required = false) @CodePointLength(min = 1, max = TransactionService.MAX_TEXT) @Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) text: String?,
        @RequestParam(required = false) cursor: String?,
        @RequestParam(defaultValue = "50") @Min(1) @Max(TransactionService.MAX_PAGE.toLong()) limit: Int,
    ): Page<TransactionView> = transactions.list(jwt.userId(), ListFilter(accountId, from, to, text), cursor, limit)

    @GetMapping("/{id:${Ids.UUID_PATTERN}}")
    fun get(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = transactions.get(jwt.userId(), id)

    @PutMapping("/{id:${Ids.UUID_PATTERN}}")
    @Operation(summary = "Replace header and items (items are matched by id; images of kept items stay)")
    fun update(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @Valid @RequestBody body: TransactionRequest) =
        transactions.update(jwt.userId(), id, body)

    @DeleteMapping("/{id:${Ids.UUID_PATTERN}}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun delete(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = transactions.delete(jwt.userId(), id)
}

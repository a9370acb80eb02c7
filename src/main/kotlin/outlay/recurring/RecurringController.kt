package outlay.recurring

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
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
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import outlay.platform.Ids
import outlay.platform.userId
import java.net.URI
import java.time.LocalDate
import java.util.UUID

@RestController
@RequestMapping("/recurring-rules")
@Tag(name = "recurring-rules", description = "Transactions that record themselves on their days (the user's days), each exactly once")
class RecurringController(private val rules: RecurringService, private val pending: PendingOccurrences) {

    @PostMapping
    @Operation(summary = "Create a rule; the client's id makes a retry return the same rule (200)")
    @ApiResponse(responseCode = "201", description = "Created")
    @ApiResponse(responseCode = "200", description = "A retry: the rule with this id, unchanged")
    fun create(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: RuleRequest): ResponseEntity<RuleView> {
        val saved = rules.create(jwt.userId(), body)
        return ResponseEntity.status(if (saved.created) HttpStatus.CREATED else HttpStatus.OK)
            .location(URI.create("/recurring-rules/${saved.rule.id}")).body(saved.rule)
    }

    @GetMapping
    @Operation(summary = "All the user's rules, by name")
    fun list(@AuthenticationPrincipal jwt: Jwt): List<RuleView> = rules.list(jwt.userId())

    @GetMapping("/pending")
    @Operation(summary = "The occurrences of rules that ask first (action confirm) waiting to be confirmed or skipped, oldest first (at most 100)")
    fun pending(@AuthenticationPrincipal jwt: Jwt): List<PendingView> = pending.list(jwt.userId())

    @PostMapping("/{id:${Ids.UUID_PATTERN}}/occurrences/{date:${DAY}}/confirm")
    @Operation(summary = "Record a pending occurrence's transaction (201); a retry returns the same transaction (200); a skipped one is 409")
    @ApiResponse(responseCode = "201", description = "Recorded now")
    @ApiResponse(responseCode = "200", description = "Already recorded: the same transaction")
    fun confirm(
        @AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @PathVariable @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) date: LocalDate,
    ): ResponseEntity<OccurrenceView> {
        val decided = pending.confirm(jwt.userId(), id, date)
        return ResponseEntity.status(if (decided.changed) HttpStatus.CREATED else HttpStatus.OK)
            .location(URI.create("/transactions/${decided.occurrence.transactionId}")).body(decided.occurrence)
    }

    @PostMapping("/{id:${Ids.UUID_PATTERN}}/occurrences/{date:${DAY}}/skip")
    @Operation(summary = "Skip a pending occurrence: nothing is recorded for that day (a retry is the same; a recorded one is 409)")
    fun skip(
        @AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @PathVariable @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) date: LocalDate,
    ): OccurrenceView = pending.skip(jwt.userId(), id, date).occurrence

    @GetMapping("/{id:${Ids.UUID_PATTERN}}")
    fun get(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID): RuleView = rules.get(jwt.userId(), id)

    @GetMapping("/{id:${Ids.UUID_PATTERN}}/occurrences")
    @Operation(summary = "The occurrences the rule produced, newest first: recorded (with its transaction), pending or skipped")
    fun occurrences(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID): List<OccurrenceView> = rules.occurrences(jwt.userId(), id)

    @PutMapping("/{id:${Ids.UUID_PATTERN}}")
    @Operation(summary = "Replace the rule (the body's id is ignored); what it produced stays and counts towards its count")
    fun update(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @Valid @RequestBody body: RuleRequest): RuleView =
        rules.update(jwt.userId(), id, body)

    @DeleteMapping("/{id:${Ids.UUID_PATTERN}}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Delete the rule; the transactions it recorded stay")
    fun delete(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = rules.delete(jwt.userId(), id)

    companion object {
        /** A day in a path, ISO (2031-01-31); one that does not exist is a 400 from the conversion. */
        const val DAY = "\\d{4}-\\d{2}-\\d{2}"
    }
}

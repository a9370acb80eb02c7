package outlay.rates

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.Parameter
import io.swagger.v3.oas.annotations.media.Schema
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import org.springframework.http.HttpStatus
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import outlay.platform.CurrencyCode
import outlay.platform.userId
import java.time.LocalDate

@RestController
@RequestMapping("/rates")
@Tag(name = "rates")
class RateController(private val rates: RateService) {

    @GetMapping
    @Operation(summary = "The caller's own exchange rates, newest day first (at most 1000)")
    fun list(@AuthenticationPrincipal jwt: Jwt) = rates.list(jwt.userId())

    @PutMapping("/{base}/{quote}/{day}")
    @Operation(summary = "Enter or replace the caller's rate for a day: 1 base = rate quote (ISO 4217 codes)")
    fun put(
        @AuthenticationPrincipal jwt: Jwt,
        @PathVariable @Parameter(schema = Schema(type = "string", format = CurrencyCode.FORMAT)) base: String,
        @PathVariable @Parameter(schema = Schema(type = "string", format = CurrencyCode.FORMAT)) quote: String,
        @PathVariable day: LocalDate,
        @RequestBody body: RateRequest,
    ) = rates.put(jwt.userId(), base, quote, day, body)

    @DeleteMapping("/{base}/{quote}/{day}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Remove the caller's rate for a day (the reference rate, if any, applies again)")
    fun delete(
        @AuthenticationPrincipal jwt: Jwt,
        @PathVariable @Parameter(schema = Schema(type = "string", format = CurrencyCode.FORMAT)) base: String,
        @PathVariable @Parameter(schema = Schema(type = "string", format = CurrencyCode.FORMAT)) quote: String,
        @PathVariable day: LocalDate,
    ) = rates.delete(jwt.userId(), base, quote, day)

    @GetMapping("/effective")
    @Operation(
        summary = "The rate converting from -> to on a day: the nearest rate on or before it, the caller's own before the " +
            "reference on the same day, used directly, inverted or crossed via EUR; 404 when there is none",
    )
    @ApiResponse(responseCode = "200", description = "The rate and the day it is from")
    @ApiResponse(responseCode = "404", description = "No rate between the two currencies on or before the day")
    fun effective(
        @AuthenticationPrincipal jwt: Jwt,
        @RequestParam @Parameter(schema = Schema(type = "string", format = CurrencyCode.FORMAT)) from: String,
        @RequestParam @Parameter(schema = Schema(type = "string", format = CurrencyCode.FORMAT)) to: String,
        @RequestParam day: LocalDate,
    ) = rates.effective(jwt.userId(), from, to, day)
}

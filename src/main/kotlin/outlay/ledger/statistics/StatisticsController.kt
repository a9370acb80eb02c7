package outlay.ledger.statistics

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.Parameter
import io.swagger.v3.oas.annotations.media.Schema
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import jakarta.validation.constraints.Max
import jakarta.validation.constraints.Min
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import outlay.platform.ValidationException
import outlay.platform.userId

/** Every endpoint takes the same filter body (`{}` for everything) and makes one service call; with inHome=true the service reads the home currency. */
@RestController
@RequestMapping("/statistics")
@Tag(name = "statistics")
class StatisticsController(private val stats: StatisticsService) {

    private companion object {
        const val IN_HOME = "true: amounts in the caller's home currency (400 when none is set), each day converted at its rate or " +
            "the nearest earlier one; amounts without any rate stay in their own currency (see the response's conversion)"
    }

    @PostMapping("/summary")
    @Operation(summary = "Income, expenses, net, transaction and item counts, per currency")
    fun summary(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody filter: StatisticsFilter, @RequestParam(defaultValue = "false") @Parameter(description = IN_HOME) inHome: Boolean) =
        stats.summary(jwt.userId(), filter, inHome)

    @PostMapping("/categories")
    @Operation(summary = "Totals per category; rollUp=true adds children into their parents")
    fun categories(
        @AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody filter: StatisticsFilter,
        @RequestParam(defaultValue = "false") rollUp: Boolean, @RequestParam(defaultValue = "false") @Parameter(description = IN_HOME) inHome: Boolean,
    ) = stats.categories(jwt.userId(), filter, rollUp, inHome)

    @PostMapping("/timeline")
    @Operation(summary = "Totals per day, ISO week or month, with empty periods as zero")
    fun timeline(
        @AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody filter: StatisticsFilter,
        @RequestParam(defaultValue = "month") @Parameter(schema = Schema(allowableValues = ["day", "week", "month"])) granularity: String,
        @RequestParam(defaultValue = "false") @Parameter(description = IN_HOME) inHome: Boolean,
    ) = stats.timeline(
        jwt.userId(), filter,
        Granularity.of(granularity) ?: throw ValidationException("granularity", "must be day, week or month"), inHome,
    )

    @PostMapping("/accounts")
    @Operation(summary = "Totals and counts per account")
    fun accounts(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody filter: StatisticsFilter, @RequestParam(defaultValue = "false") @Parameter(description = IN_HOME) inHome: Boolean) =
        stats.accounts(jwt.userId(), filter, inHome)

    @PostMapping("/sellers")
    @Operation(summary = "Totals and counts per seller, largest first")
    fun sellers(
        @AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody filter: StatisticsFilter,
        @RequestParam(defaultValue = "20") @Min(1) @Max(StatisticsService.MAX_SELLERS.toLong()) limit: Int,
        @RequestParam(defaultValue = "false") @Parameter(description = IN_HOME) inHome: Boolean,
    ) = stats.sellers(jwt.userId(), filter, limit, inHome)

    @PostMapping("/transactions")
    @Operation(summary = "The matching items with their transaction's date, account and seller, newest first, keyset-paginated")
    fun items(
        @AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody filter: StatisticsFilter,
        @RequestParam(required = false) cursor: String?, @RequestParam(defaultValue = "50") @Min(1) @Max(StatisticsService.MAX_ITEMS.toLong()) limit: Int,
        @RequestParam(defaultValue = "false") @Parameter(description = IN_HOME) inHome: Boolean,
    ) = stats.items(jwt.userId(), filter, cursor, limit, inHome)
}

package outlay.budgets

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.Parameter
import io.swagger.v3.oas.annotations.media.Schema
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
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
import outlay.platform.Ids
import outlay.platform.userId
import java.time.YearMonth
import java.util.UUID

@RestController
@RequestMapping("/budgets")
@Tag(name = "budgets", description = "Monthly budgets per category (children roll up) and overall, in the home currency, and spending against them")
class BudgetController(private val budgets: BudgetService) {

    @GetMapping
    @Operation(summary = "The user's budgets: the overall one first, then by category name")
    fun list(@AuthenticationPrincipal jwt: Jwt): List<BudgetView> = budgets.list(jwt.userId())

    @PutMapping("/{target:$TARGET}")
    @Operation(summary = "Set a category's monthly budget, or the overall one, in the home currency; setting it again replaces it")
    fun set(@AuthenticationPrincipal jwt: Jwt, @Parameter(description = TARGET_DESCRIPTION, schema = Schema(type = "string", pattern = "^(?:$TARGET)$")) @PathVariable target: String, @Valid @RequestBody body: BudgetRequest): BudgetView =
        budgets.set(jwt.userId(), categoryOf(target), body)

    @DeleteMapping("/{target:$TARGET}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Remove a category's budget, or the overall one")
    fun delete(@AuthenticationPrincipal jwt: Jwt, @Parameter(description = TARGET_DESCRIPTION, schema = Schema(type = "string", pattern = "^(?:$TARGET)$")) @PathVariable target: String) = budgets.delete(jwt.userId(), categoryOf(target))

    @GetMapping("/status")
    @Operation(summary = "Spent versus budget for a month and its year so far, with what is left per remaining day; from the monthly totals")
    fun status(
        @AuthenticationPrincipal jwt: Jwt,
        @Parameter(description = "YYYY-MM; default: the user's current month in their time zone", schema = Schema(type = "string", pattern = MONTH))
        @RequestParam(required = false) month: YearMonth?,
    ): BudgetStatusView = budgets.status(jwt.userId(), month)

    private fun categoryOf(target: String): UUID? = if (target == OVERALL) null else UUID.fromString(target)

    private companion object {
        const val OVERALL = "overall"
        const val TARGET = "$OVERALL|${Ids.UUID_PATTERN}"
        const val TARGET_DESCRIPTION = "A category id, or \"overall\""
        const val MONTH = "^(19|2[01])[0-9]{2}-(0[1-9]|1[0-2])$"
    }
}

package outlay.budgets

import io.swagger.v3.oas.annotations.media.Schema
import jakarta.validation.constraints.Pattern
import outlay.platform.POSITIVE_AMOUNT_MESSAGE
import java.time.LocalDate
import java.util.UUID

data class BudgetRequest(
    @field:Schema(description = "The monthly budget in the home currency, a positive decimal such as 400.00", example = "400.00")
    @field:Pattern(regexp = """[0-9]{1,13}(\.[0-9]{1,4})?""", message = POSITIVE_AMOUNT_MESSAGE)
    val amount: String,
)

data class BudgetView(
    @field:Schema(description = "The category (its children roll up into it), or null for the overall budget")
    val categoryId: UUID?,
    @field:Schema(description = "The category's name, or null for the overall budget")
    val categoryName: String?,
    @field:Schema(description = "Per month, a decimal in [currency]", example = "400.00")
    val amount: String,
    @field:Schema(description = "ISO 4217: the home currency when the budget was set")
    val currency: String,
)

/** Spent versus budget in one period (the month, or the year to date). */
data class BudgetPeriod(
    @field:Schema(description = "The budget for the period: the monthly amount, or it times the months of the year so far")
    val budget: String,
    @field:Schema(
        description = "Expenses in the budget's currency (transfers never count); other currencies converted as the statistics' inHome=true converts them: " +
            "each day's sum at that day's rate or the nearest earlier one, exactly, the total rounded once half-even. What no rate converts is in unconverted, not here",
    )
    val spent: String,
    @field:Schema(description = "budget - spent; negative when overspent")
    val left: String,
    @field:Schema(
        description = "What is left per remaining day (today included) in the user's time zone: of the month for the month, of the year for the year so far; " +
            "rounded down to the minor unit; 0 when overspent, null when no day is left",
    )
    val leftPerDay: String?,
)

/** Spending in another currency on days without any rate to the budget's currency: reported as it is, not counted 1:1 and not dropped. */
data class UnconvertedSpending(
    val currency: String,
    @field:Schema(description = "This month, a decimal in currency")
    val month: String,
    @field:Schema(description = "The year so far, a decimal in currency")
    val year: String,
)

data class BudgetLine(
    val categoryId: UUID?,
    val categoryName: String?,
    val currency: String,
    val month: BudgetPeriod,
    val yearToDate: BudgetPeriod,
    @field:Schema(description = "Spending that no rate converts to the budget's currency, per currency: not in spent")
    val unconverted: List<UnconvertedSpending>,
)

data class BudgetStatusView(
    @field:Schema(description = "YYYY-MM", example = "2026-11")
    val month: String,
    @field:Schema(description = "The user's today, in their time zone")
    val today: LocalDate,
    @field:Schema(description = "Days of the month from today to its end (today included); 0 for a past month, all of them for a future one")
    val remainingDays: Int,
    @field:Schema(description = "Days of the month's year from today to its end (today included), for the year so far; 0 for a past month, all of them for a future year")
    val remainingDaysOfYear: Int,
    @field:Schema(description = "The user's home currency (new budgets are in it), or null when none is chosen")
    val homeCurrency: String?,
    @field:Schema(description = "The overall budget first, then categories by name")
    val budgets: List<BudgetLine>,
)

package outlay.budgets

import io.swagger.v3.oas.annotations.media.Schema
import jakarta.validation.constraints.Pattern
import outlay.platform.POSITIVE_AMOUNT_MESSAGE
import java.time.LocalDate
import java.util.UUID

data class BudgetRequest(
    @field:Schema(description = "The monthly budget in the home currency, a positive decimal such as 400.00", example = "400.00")
    @field:Pattern(regexp = """\d{1,13}(\.\d{1,4})?""", message = POSITIVE_AMOUNT_MESSAGE)
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
    @field:Schema(description = "Expenses in the budget's currency (transfers never count)")
    val spent: String,
    @field:Schema(description = "budget - spent; negative when overspent")
    val left: String,
    @field:Schema(description = "What is left per remaining day of the month (today included), rounded down to the minor unit; 0 when overspent, null when no day is left")
    val leftPerDay: String?,
)

/** Spending in a currency other than the budget's: reported as it is, not converted and not dropped. */
data class UnconvertedSpending(val currency: String, val month: String, val year: String)

data class BudgetLine(
    val categoryId: UUID?,
    val categoryName: String?,
    val currency: String,
    val month: BudgetPeriod,
    val yearToDate: BudgetPeriod,
    val unconverted: List<UnconvertedSpending>,
)

data class BudgetStatusView(
    @field:Schema(description = "YYYY-MM", example = "2026-11")
    val month: String,
    @field:Schema(description = "The user's today, in their time zone")
    val today: LocalDate,
    @field:Schema(description = "Days of the month from today to its end (today included); 0 for a past month, all of them for a future one")
    val remainingDays: Int,
    @field:Schema(description = "The overall budget first, then categories by name")
    val budgets: List<BudgetLine>,
)

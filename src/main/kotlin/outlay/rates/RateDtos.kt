package outlay.rates

import io.swagger.v3.oas.annotations.media.Schema
import java.time.LocalDate

data class RateRequest(
    @field:Schema(description = "Units of quote per one unit of base: a positive decimal string, at most 10 integer and 10 decimal digits", example = "1.0842")
    val rate: String,
)

/** 1 [base] = [rate] [quote] on [day]. */
data class RateView(val day: LocalDate, val base: String, val quote: String, val rate: String)

data class EffectiveRateView(
    val from: String,
    val to: String,
    @field:Schema(description = "Units of to per one unit of from; derived rates (inverse, via EUR) are rounded half-even to 10 decimals")
    val rate: String,
    @field:Schema(description = "The day of the rate used: the day asked for or the nearest earlier one with a rate (for a cross rate, the older leg's day)")
    val rateDate: LocalDate,
    @field:Schema(description = "own: a rate the user entered; reference: the operator-loaded reference rates")
    val source: String,
)

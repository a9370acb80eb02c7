package outlay.ledger.statistics

import com.fasterxml.jackson.annotation.JsonValue
import io.swagger.v3.oas.annotations.media.ArraySchema
import io.swagger.v3.oas.annotations.media.Schema
import jakarta.validation.constraints.Pattern
import jakarta.validation.constraints.Size
import org.springframework.modulith.NamedInterface
import outlay.categories.CategoryRef
import outlay.ledger.Direction
import outlay.ledger.Mode
import outlay.platform.CodePointLength
import outlay.platform.InputDomains
import java.time.LocalDate
import java.util.UUID

/**
 * What every statistics endpoint filters on. Every field is optional; an empty list means
 * "all". Statistics are over items: category, image and text conditions select items, the
 * others select the transactions they belong to.
 */
@NamedInterface("statistics")
data class StatisticsFilter(
    @field:Size(max = 100) val accountIds: List<UUID> = emptyList(),
    /** A parent category matches its children too. */
    @field:Size(max = 100) val categoryIds: List<UUID> = emptyList(),
    @field:Size(max = 4) val modes: List<Mode> = emptyList(),
    @field:Size(max = 100) val sellerIds: List<UUID> = emptyList(),
    /** ISO day numbers: 1 = Monday … 7 = Sunday. */
    @field:Size(max = 7) @field:ArraySchema(schema = Schema(minimum = "1", maximum = "7")) val weekdays: List<Int> = emptyList(),
    /** Inclusive. */
    val from: LocalDate? = null,
    /** Inclusive. */
    val to: LocalDate? = null,
    val direction: Direction? = null,
    /** Items with (true) or without (false) an image. */
    val hasImage: Boolean? = null,
    /** Items whose transaction has (true) or has no (false) document. */
    val hasDocument: Boolean? = null,
    /** Case-insensitive text in the transaction's note or the item's description. */
    @field:CodePointLength(max = 100) @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) val text: String? = null,
    /**
     * Transfers between your accounts never count as expense or income unless this is true: then
     * the summary, the timeline and the accounts count each transfer's sent amount as an expense of
     * its source account and its received amount as income of its target (one transaction per
     * side, no items). Categories, sellers and the item list never include them, nor does a filter
     * on categories, sellers, images, documents, text, or modes without "transfer".
     */
    val includeTransfers: Boolean = false,
)

/** Money per currency: totals are never summed across currencies. */
data class CurrencyTotals(
    val currency: String,
    val expenses: String,
    val income: String,
    /** income - expenses */
    val net: String,
    val transactionCount: Long,
    val itemCount: Long,
)

data class SummaryResponse(
    val totals: List<CurrencyTotals>,
    @field:Schema(description = "With inHome=true: the home currency and the rates used; totals in any other currency are amounts that could not be converted")
    val conversion: HomeConversion? = null,
)

data class CategoryTotals(val category: CategoryRef, val parentId: UUID?, val totals: List<CurrencyTotals>)

data class CategoriesResponse(
    /** True when child categories were added into their parents. */
    val rolledUp: Boolean,
    val categories: List<CategoryTotals>,
    @field:Schema(description = "With inHome=true: the home currency and the rates used; totals in any other currency are amounts that could not be converted")
    val conversion: HomeConversion? = null,
)

enum class Granularity(@get:JsonValue val json: String) {
    DAY("day"), WEEK("week"), MONTH("month");

    companion object {
        fun of(json: String): Granularity? = entries.firstOrNull { it.json == json }
    }
}

data class PeriodTotals(
    /** The period's first day (weeks start on Monday). */
    val start: LocalDate,
    val totals: List<CurrencyTotals>,
)

data class TimelineResponse(
    val granularity: Granularity,
    val currencies: List<String>,
    val periods: List<PeriodTotals>,
    @field:Schema(description = "With inHome=true: the home currency and the rates used; totals in any other currency are amounts that could not be converted")
    val conversion: HomeConversion? = null,
)

data class AccountTotals(val accountId: UUID, val name: String, val totals: CurrencyTotals)

data class AccountsResponse(
    val accounts: List<AccountTotals>,
    @field:Schema(description = "With inHome=true: the home currency and the rates used; totals in any other currency are amounts that could not be converted")
    val conversion: HomeConversion? = null,
)

data class SellerTotals(val sellerId: UUID?, val name: String?, val totals: CurrencyTotals)

data class SellersResponse(
    val sellers: List<SellerTotals>,
    @field:Schema(description = "With inHome=true: the home currency and the rates used; totals in any other currency are amounts that could not be converted")
    val conversion: HomeConversion? = null,
)

@NamedInterface("statistics")
data class StatisticsItem(
    val itemId: UUID,
    val transactionId: UUID,
    val date: LocalDate,
    val direction: Direction,
    val mode: Mode,
    val accountId: UUID,
    val accountName: String,
    val sellerId: UUID?,
    val sellerName: String?,
    val category: CategoryRef,
    val currency: String,
    val amount: String,
    val isReduction: Boolean,
    val description: String?,
    val note: String?,
    @field:Schema(description = "With inHome=true: the amount in the home currency at the rate of rateDate, rounded half-even to its minor units; null when no rate converts it")
    val homeAmount: String? = null,
    @field:Schema(description = "With inHome=true: the day of the rate used (the item's day or the nearest earlier one with a rate)")
    val rateDate: LocalDate? = null,
)

package outlay.ledger.statistics

import org.springframework.modulith.NamedInterface
import org.springframework.stereotype.Service
import outlay.accounts.AccountService
import outlay.categories.CategoryRef
import outlay.categories.CategoryService
import outlay.ledger.Direction
import outlay.platform.Checks
import outlay.platform.Cursor
import outlay.platform.Money
import outlay.platform.Page
import outlay.platform.Reads
import outlay.platform.ValidationException
import outlay.platform.minusExact
import outlay.platform.sumOfMinor
import outlay.sellers.SellerService
import java.time.DayOfWeek
import java.time.LocalDate
import java.time.temporal.ChronoUnit
import java.time.temporal.TemporalAdjusters
import java.util.UUID

@Service
@NamedInterface("statistics") // the export reads the filtered item list (outlay.exchange)
class StatisticsService(
    private val stats: StatisticsRepository,
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
    private val rangeTotals: RangeTotals,
    private val transfers: TransferTotals,
    private val homeCurrency: HomeCurrency,
) {
    /**
     * [home]: the totals in that currency, the user's home currency ([HomeCurrency]), which the
     * caller has read once for its request or page (null: each currency as recorded). The monthly
     * totals have no days, so every row then comes from the transactions, grouped by day as well.
     */
    @Reads
    fun summary(userId: UUID, filter: StatisticsFilter, home: String? = null): SummaryResponse {
        val f = resolve(userId, filter)
        val groups = if (home == null && monthly(f) && f.categoryIds.isEmpty()) fromMonthly(f, MonthGrouping.ALL, Grouping.None)
        else stats.totals(f, Grouping.None, byDay = home != null)
        val (all, conversion) = converted(userId, home, groups + transfers.totals(f) { _, _ -> })
        return SummaryResponse(perCurrency(all), conversion)
    }

    /**
     * The summary as recorded and, when currencies other than [home] appear, in [home] too, from
     * one read of the rows (by day, for the conversion): Home shows both.
     */
    @Reads
    fun summaryAlsoInHome(userId: UUID, filter: StatisticsFilter, home: String): Pair<SummaryResponse, SummaryResponse?> {
        val f = resolve(userId, filter)
        val groups = stats.totals(f, Grouping.None, byDay = true) + transfers.totals(f) { _, _ -> }
        val recorded = SummaryResponse(perCurrency(groups), null)
        if (groups.all { it.currency == home }) return recorded to null
        val (all, conversion) = converted(userId, home, groups)
        return recorded to SummaryResponse(perCurrency(all), conversion)
    }

    /*
     * The JSON API's forms, one service call per request: [inHome] reads the user's home currency
     * (a 400 when none is set) in the statistic's own transaction. Pages pass the one they read.
     */
    @Reads
    fun summary(userId: UUID, filter: StatisticsFilter, inHome: Boolean): SummaryResponse = summary(userId, filter, home(userId, inHome))

    @Reads
    fun categories(userId: UUID, filter: StatisticsFilter, rollUp: Boolean, inHome: Boolean): CategoriesResponse = categories(userId, filter, rollUp, home(userId, inHome))

    @Reads
    fun timeline(userId: UUID, filter: StatisticsFilter, granularity: Granularity, inHome: Boolean): TimelineResponse = timeline(userId, filter, granularity, home(userId, inHome))

    @Reads
    fun accounts(userId: UUID, filter: StatisticsFilter, inHome: Boolean): AccountsResponse = accounts(userId, filter, home(userId, inHome))

    @Reads
    fun sellers(userId: UUID, filter: StatisticsFilter, limit: Int, inHome: Boolean): SellersResponse = sellers(userId, filter, limit, home(userId, inHome))

    @Reads
    fun items(userId: UUID, filter: StatisticsFilter, cursor: String?, limit: Int, inHome: Boolean): Page<StatisticsItem> = items(userId, filter, cursor, limit, home(userId, inHome))

    private fun home(userId: UUID, inHome: Boolean): String? = if (inHome) homeCurrency.of(userId) else null

    /** The groups as they are, or in [home] with how they were converted. */
    private fun <K> converted(userId: UUID, home: String?, groups: List<GroupTotal<K>>): Pair<List<GroupTotal<K>>, HomeConversion?> =
        if (home == null) groups to null else homeCurrency.convert(userId, home, groups).let { it.groups to it.conversion }

    @Reads
    fun categories(userId: UUID, filter: StatisticsFilter, rollUp: Boolean, home: String? = null): CategoriesResponse {
        val resolved = resolve(userId, filter)
        val grouping = if (rollUp) Grouping.ParentCategory else Grouping.Category
        val (groups, conversion) = converted(userId, home, if (home == null && monthly(resolved) && (!rollUp || resolved.categoryIds.isEmpty())) {
            fromMonthly(resolved, if (rollUp) MonthGrouping.TOP_CATEGORY else MonthGrouping.CATEGORY, grouping, labelled = true)
        } else {
            stats.totals(resolved, grouping, byDay = home != null)
        })
        // the categories as the monthly totals' statement read them; the list only for groups it did not name
        val labels = groups.mapNotNull { g -> g.label?.let { g.key to it } }.toMap()
        val known = if (groups.all { it.key in labels }) labels
        else categories.list(userId, includeArchived = true).associate { it.id to GroupLabel(it.name, it.icon, it.parentId) }
        val rows = groups.groupBy { it.key }.map { (id, totals) ->
            val c = known.getValue(id)
            CategoryTotals(CategoryRef(id, c.name, c.icon!!), c.parentId, perCurrency(totals))
        }
        return CategoriesResponse(rollUp, rows.sortedWith(compareByDescending<CategoryTotals> { spent(it.totals) }.thenBy { it.category.name }), conversion)
    }

    /**
     * The monthly totals (`month_totals`) answer filters that narrow only by dates, direction
     * and categories; anything finer needs the items themselves.
     */
    private fun monthly(f: ResolvedFilter) =
        f.accountIds.isEmpty() && f.modes.isEmpty() && f.sellerIds.isEmpty() && f.weekdays.isEmpty() &&
            f.hasImage == null && f.hasDocument == null && f.text == null

    /**
     * Whole months from the monthly totals at [level]; the partial months at either end of the
     * range from the rows themselves, grouped the same way by [grouping].
     */
    private fun <K> fromMonthly(f: ResolvedFilter, level: MonthGrouping, grouping: Grouping<K>, labelled: Boolean = false): List<GroupTotal<K>> {
        val firstFull = f.from?.let { if (it.dayOfMonth == 1) it else it.withDayOfMonth(1).plusMonths(1) }
        val lastFull = f.to?.let { if (it.dayOfMonth == it.lengthOfMonth()) it.withDayOfMonth(1) else it.withDayOfMonth(1).minusMonths(1) }
        if (firstFull != null && lastFull != null && firstFull.isAfter(lastFull)) return stats.totals(f, grouping)
        val partial = listOfNotNull(
            f.from?.takeIf { firstFull != null && it.isBefore(firstFull) }?.let { it..firstFull!!.minusDays(1) },
            f.to?.takeIf { lastFull != null && it.isAfter(lastFull.plusMonths(1).minusDays(1)) }?.let { lastFull!!.plusMonths(1)..it },
        ).takeIf { it.isNotEmpty() }?.let { f.copy(dateRanges = it) }
        val parts = rangeTotals.totals(f.userId, level, firstFull, lastFull, f.categoryIds, f.direction, grouping, labelled, partial)
        // the parts cover disjoint dates, so their sums and counts add up
        return parts.groupBy { Triple(it.key, it.currency, it.direction) }.map { (k, g) ->
            GroupTotal(k.first, k.second, k.third, g.sumOfMinor { it.amountMinor }, g.sumOf { it.transactions }, g.sumOf { it.items }, label = g.firstNotNullOfOrNull { it.label })
        }
    }

    @Reads
    fun timeline(userId: UUID, filter: StatisticsFilter, granularity: Granularity, home: String? = null): TimelineResponse {
        val resolved = resolve(userId, filter)
        val rows = if (granularity == Granularity.MONTH && home == null) {
            if (monthly(resolved) && resolved.categoryIds.isEmpty()) fromMonthly(resolved, MonthGrouping.ALL, Grouping.Month)
            else stats.totals(resolved, Grouping.Month)
        } else {
            stats.totals(resolved, Grouping.Day)
        }
        // transfers come by day; a day's period is its month, week or itself (keyed so before converting: one rounding per period)
        val (days, conversion) = converted(userId, home, (rows + transfers.totals(resolved) { day, _ -> day }).map { it.copy(key = periodStart(it.key, granularity), day = it.day ?: it.key) })
        val byPeriod = days.groupBy { periodStart(it.key, granularity) }
        val first = resolved.from ?: byPeriod.keys.minOrNull()
        val last = resolved.to ?: byPeriod.keys.maxOrNull()
        val currencies = days.map { it.currency }.distinct().sorted()
        if (first == null || last == null) return TimelineResponse(granularity, currencies, emptyList(), conversion)
        val end = periodStart(last, granularity)
        val count = periodCount(periodStart(first, granularity), end, granularity)
        if (count > MAX_PERIODS) {
            throw ValidationException("granularity", "the range has $count ${granularity.json} periods; at most $MAX_PERIODS per request (narrow from/to or choose a coarser granularity)")
        }
        val periods = generateSequence(periodStart(first, granularity)) { next(it, granularity) }.takeWhile { !it.isAfter(end) }
            .map { start ->
                val totals = byPeriod[start].orEmpty()
                // every currency appears in every period, zero where nothing happened
                PeriodTotals(start, currencies.map { c -> combine(c, totals.filter { it.currency == c }) })
            }.toList()
        return TimelineResponse(granularity, currencies, periods, conversion)
    }

    @Reads
    fun accounts(userId: UUID, filter: StatisticsFilter, home: String? = null): AccountsResponse {
        val f = resolve(userId, filter)
        val rows = if (home == null && monthly(f) && f.categoryIds.isEmpty()) fromMonthly(f, MonthGrouping.ACCOUNT, Grouping.Account, labelled = true)
        else stats.totals(f, Grouping.Account, byDay = home != null)
        val (groups, conversion) = converted(userId, home, rows + transfers.totals(f) { _, accountId -> accountId })
        // the names as the monthly totals' statement read them; the accounts only for groups it did not name
        val labelled = groups.mapNotNull { g -> g.label?.let { g.key to it.name } }.toMap()
        val unnamed = groups.map { it.key }.filterNot { it in labelled }.toSet()
        val names = labelled + accounts.findAll(userId, unnamed).associate { it.id to it.name }
        return AccountsResponse(
            groups.groupBy { it.key to it.currency }.map { (key, totals) -> AccountTotals(key.first, names.getValue(key.first), combine(key.second, totals)) }
                .sortedWith(compareBy<AccountTotals> { it.name }.thenBy { it.accountId }),
            conversion,
        )
    }

    @Reads
    fun sellers(userId: UUID, filter: StatisticsFilter, limit: Int, home: String? = null): SellersResponse {
        if (limit !in 1..MAX_SELLERS) throw ValidationException("limit", "must be between 1 and $MAX_SELLERS")
        val f = resolve(userId, filter)
        val (groups, conversion) = converted(userId, home, if (home == null && monthly(f) && f.categoryIds.isEmpty()) fromMonthly(f, MonthGrouping.SELLER, Grouping.Seller, labelled = true)
        else stats.totals(f, Grouping.Seller, byDay = home != null))
        // the names as the monthly totals' statement read them; a lookup only for sellers it did not name
        val labelled = groups.mapNotNull { g -> g.key?.let { key -> g.label?.let { key to it.name } } }.toMap()
        val names = labelled + sellers.names(userId, groups.mapNotNull { it.key }.filterNot { it in labelled }.toSet())
        val rows = groups.groupBy { it.key to it.currency }.map { (key, totals) ->
            SellerTotals(key.first, key.first?.let { names[it] }, combine(key.second, totals))
        }
        return SellersResponse(rows.sortedWith(compareByDescending<SellerTotals> { volume(it.totals) }.thenBy { it.name }).take(limit), conversion)
    }

    @Reads
    fun items(userId: UUID, filter: StatisticsFilter, cursor: String?, limit: Int, home: String? = null): Page<StatisticsItem> {
        if (limit !in 1..MAX_ITEMS) throw ValidationException("limit", "must be between 1 and $MAX_ITEMS")
        val wanted = filter.categoryIds.toSet()
        val key = cursor?.takeIf { it.isNotEmpty() }?.let(Cursor::decode)
        // a category filter is checked and widened to the children by the items' statement itself: a page of rows shows
        // every category asked for is the caller's; only an empty page looks them up, and an unknown one is refused as before
        val rows = if (wanted.isEmpty()) stats.items(resolve(userId, filter), key, limit + 1)
        else stats.items(resolve(userId, filter, categoriesLater = true), key, limit + 1, categories.withChildren(userId, wanted), categories.allUsable(userId, wanted))
        if (wanted.isNotEmpty() && rows.isEmpty() && categories.findAll(userId, wanted).size < wanted.size) resolve(userId, filter)
        val page = rows.take(limit)
        val next = if (rows.size > limit) page.last().let { Cursor(it.item.date, it.item.transactionId, it.position).encode() } else null
        val items = page.map { it.item }
        return Page(if (home == null) items else homeCurrency.items(userId, home, items), next)
    }

    /**
     * Checks every id is the caller's (400 otherwise) and widens categories to their children. [categoriesLater]: the
     * caller's statement checks and widens the categories (the filter then has none); refused input still names all its problems.
     */
    private fun resolve(userId: UUID, f: StatisticsFilter, categoriesLater: Boolean = false): ResolvedFilter {
        val checks = Checks()
        fun <T> unknown(field: String, wanted: Collection<T>, found: Set<T>) =
            wanted.filterNot { it in found }.forEach { checks.fail(field, "$it is not one of yours") }
        unknown("accountIds", f.accountIds, accounts.findAll(userId, f.accountIds.toSet()).map { it.id }.toSet())
        unknown("sellerIds", f.sellerIds, sellers.names(userId, f.sellerIds.toSet()).keys)
        // only a category filter needs the category tree
        val visible = if (f.categoryIds.isEmpty() || categoriesLater) emptyList() else categories.list(userId, includeArchived = true)
        if (!categoriesLater) unknown("categoryIds", f.categoryIds, visible.map { it.id }.toSet())
        checks.check(f.weekdays.all { it in 1..7 }, "weekdays", "must be ISO day numbers 1 (Monday) to 7 (Sunday)")
        checks.check(f.from == null || f.to == null || !f.from.isAfter(f.to), "from", "must not be after to")
        checks.check(f.text == null || f.text.isNotBlank(), "text", "must not be blank")
        if (categoriesLater && checks.failed) return resolve(userId, f) // throws, naming the categories' problems too
        checks.throwIfAny()
        val wanted = if (categoriesLater) emptySet() else f.categoryIds.toSet()
        val categoryIds = if (wanted.isEmpty()) emptySet() else visible.filter { it.id in wanted || it.parentId in wanted }.map { it.id }.toSet()
        return ResolvedFilter(
            userId, f.accountIds.toSet(), categoryIds, f.modes.toSet(), f.sellerIds.toSet(), f.weekdays.toSet(),
            f.from, f.to, f.direction, f.hasImage, f.hasDocument, f.text?.trim(), f.includeTransfers,
        )
    }

    private fun perCurrency(groups: List<GroupTotal<*>>): List<CurrencyTotals> =
        groups.groupBy { it.currency }.toSortedMap().map { (currency, totals) -> combine(currency, totals) }

    /** Expense and income groups of one currency as one entry; counts add up because a transaction has one direction. */
    private fun combine(currency: String, totals: List<GroupTotal<*>>): CurrencyTotals {
        val expenses = totals.filter { it.direction == Direction.EXPENSE }.sumOfMinor { it.amountMinor }
        val income = totals.filter { it.direction == Direction.INCOME }.sumOfMinor { it.amountMinor }
        return CurrencyTotals(
            currency, Money.format(expenses, currency), Money.format(income, currency), Money.format(minusExact(income, expenses), currency),
            totals.sumOf { it.transactions }, totals.sumOf { it.items },
        )
    }

    private fun spent(totals: List<CurrencyTotals>) = totals.sumOf { it.expenses.toBigDecimal() + it.income.toBigDecimal() }
    private fun volume(t: CurrencyTotals) = t.expenses.toBigDecimal() + t.income.toBigDecimal()

    private fun periodStart(day: LocalDate, granularity: Granularity): LocalDate = when (granularity) {
        Granularity.DAY -> day
        Granularity.WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
        Granularity.MONTH -> day.withDayOfMonth(1)
    }

    private fun periodCount(first: LocalDate, last: LocalDate, granularity: Granularity): Long = 1 + when (granularity) {
        Granularity.DAY -> ChronoUnit.DAYS.between(first, last)
        Granularity.WEEK -> ChronoUnit.WEEKS.between(first, last)
        Granularity.MONTH -> ChronoUnit.MONTHS.between(first, last)
    }

    private fun next(start: LocalDate, granularity: Granularity): LocalDate = when (granularity) {
        Granularity.DAY -> start.plusDays(1)
        Granularity.WEEK -> start.plusWeeks(1)
        Granularity.MONTH -> start.plusMonths(1)
    }

    companion object {
        /** A timeline builds at most this many periods in memory: 10 years of days, or all 300 years of months. */
        const val MAX_PERIODS = 3660

        const val MAX_SELLERS = 200
        const val MAX_ITEMS = 200
    }
}

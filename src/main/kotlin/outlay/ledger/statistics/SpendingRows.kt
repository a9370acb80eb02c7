package outlay.ledger.statistics

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record4
import org.jooq.Records
import org.jooq.Select
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.DAY_TOTALS
import outlay.db.tables.references.MONTH_TOTALS
import outlay.ledger.Direction
import outlay.platform.exactMinor
import outlay.platform.notNull
import java.math.BigDecimal
import java.time.LocalDate
import java.time.YearMonth
import java.util.UUID

/** Expenses of one month in one currency for a scope: a category ([scope]; a top-level one with its children) or all of them (null). */
data class ScopeMonth(val scope: UUID?, val month: YearMonth, val currency: String, val amountMinor: Long)

/** One day's expenses in one currency for a scope, as [ScopeMonth] is a month's. */
data class ScopeDay(val scope: UUID?, val day: LocalDate, val currency: String, val amountMinor: Long)

/**
 * The rows behind spending per budget: whole months from the monthly totals (one indexed statement
 * whatever the number of transactions), and, only for the currencies and months whose rate
 * changes within the month, each day's sums from the day totals. Expenses only, net of reductions;
 * transfers are never in these rows, so they never count as spending.
 */
@Repository
class SpendingRows(private val db: DSLContext) {
    private val cm = MONTH_TOTALS

    /** Per month in [first]..[last] and currency: each of [rolledUp] with its children, each of [alone] by itself, and all when [overall]. */
    fun months(userId: UUID, first: YearMonth, last: YearMonth, rolledUp: Set<UUID>, alone: Set<UUID>, overall: Boolean): List<ScopeMonth> {
        val scopes = listOfNotNull(
            rolledUp.takeIf { it.isNotEmpty() }?.let { cm.GROUPED_BY.eq(MonthGrouping.TOP_CATEGORY).and(cm.GROUP_ID.`in`(it)) },
            alone.takeIf { it.isNotEmpty() }?.let { cm.GROUPED_BY.eq(MonthGrouping.CATEGORY).and(cm.GROUP_ID.`in`(it)) },
            if (overall) cm.GROUPED_BY.eq(MonthGrouping.ALL) else null,
        )
        if (scopes.isEmpty()) return emptyList()
        return db.select(cm.GROUPED_BY, cm.GROUP_ID, cm.MONTH_START, cm.CURRENCY, cm.AMOUNT_MINOR).from(cm)
            .where(
                cm.USER_ID.eq(userId), cm.MONTH_START.between(first.atDay(1), last.atDay(1)), cm.DIRECTION.eq(Direction.EXPENSE),
                DSL.or(scopes),
            )
            .fetch { r ->
                val row = r.into(cm)
                ScopeMonth(row.groupId.takeIf { row.groupedBy != MonthGrouping.ALL }, YearMonth.from(row.monthStart), row.currency, row.amountMinor)
            }
            .filter { it.amountMinor != 0L }
    }

    /**
     * Each day's expenses in [first]..[last] in [currencies] per scope, as [months] gives months: from
     * the day totals, one statement of an index range per scope (a top-level category's day adds up
     * its own and its children's rows). At most a row per day, currency and scope reaches the server.
     */
    fun days(userId: UUID, first: LocalDate, last: LocalDate, currencies: Set<String>, rolledUp: Set<UUID>, alone: Set<UUID>, overall: Boolean): List<ScopeDay> {
        val d = DAY_TOTALS
        val amount = DSL.sum(d.AMOUNT_MINOR)
        val occurredOn = d.OCCURRED_ON.notNull()
        val inCurrency = d.CURRENCY.notNull()
        fun part(scope: Field<UUID?>, level: MonthGrouping, vararg conditions: Condition) =
            db.select(scope, occurredOn, inCurrency, amount).from(d)
                .where(d.USER_ID.eq(userId), d.GROUPED_BY.eq(level), d.OCCURRED_ON.between(first, last), d.DIRECTION.eq(Direction.EXPENSE), d.CURRENCY.`in`(currencies), *conditions)
                .groupBy(scope, d.OCCURRED_ON, d.CURRENCY)
        val top = DSL.coalesce(CATEGORY.PARENT_ID, CATEGORY.ID)
        val parts: List<Select<Record4<UUID?, LocalDate, String, BigDecimal?>>> = listOfNotNull(
            if (overall) part(d.GROUP_ID, MonthGrouping.ALL, d.GROUP_ID.eq(MonthTotals.ALL)) else null,
            alone.takeIf { it.isNotEmpty() }?.let { part(d.GROUP_ID, MonthGrouping.CATEGORY, d.GROUP_ID.`in`(it)) },
            rolledUp.takeIf { it.isNotEmpty() }?.let {
                db.select(top, occurredOn, inCurrency, amount).from(d).join(CATEGORY).on(CATEGORY.ID.eq(d.GROUP_ID))
                    .where(
                        d.USER_ID.eq(userId), d.GROUPED_BY.eq(MonthGrouping.CATEGORY), d.OCCURRED_ON.between(first, last), d.DIRECTION.eq(Direction.EXPENSE),
                        // the tops and their children, which are always the user's own (built-in categories have no parent): (user_id, parent_id) is indexed
                        d.CURRENCY.`in`(currencies), CATEGORY.ID.`in`(it).or(CATEGORY.USER_ID.eq(userId).and(CATEGORY.PARENT_ID.`in`(it))),
                    )
                    .groupBy(top, d.OCCURRED_ON, d.CURRENCY)
            },
        )
        if (parts.isEmpty()) return emptyList()
        return parts.reduce { a, b -> a.unionAll(b) }
            .fetch(Records.mapping { scope, day, currency, sum -> ScopeDay(scope.takeIf { it != MonthTotals.ALL }, day, currency, exactMinor(sum)) })
            .filter { it.amountMinor != 0L }
    }
}

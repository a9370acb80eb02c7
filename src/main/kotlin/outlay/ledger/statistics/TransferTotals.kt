package outlay.ledger.statistics

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Records
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.TRANSFER
import outlay.ledger.Direction
import outlay.ledger.Mode
import outlay.platform.exactMinor
import outlay.platform.notNull
import java.time.LocalDate
import java.util.UUID

/**
 * Transfers in the statistics, only when a filter asks for them (`includeTransfers`): each
 * transfer's sent amount counts as an expense of its source account and its received amount as
 * income of its target, one transaction per side and no items. Transfers have no items,
 * categories, sellers or documents, so a filter on any of those leaves them out, as does a mode
 * filter without "transfer". One grouped statement per side, by day, account and currency.
 */
@Repository
class TransferTotals(private val db: DSLContext) {
    private val t = TRANSFER

    fun <K> totals(f: ResolvedFilter, keyOf: (date: LocalDate, accountId: UUID) -> K): List<GroupTotal<K>> {
        if (!f.includeTransfers || !matches(f)) return emptyList()
        val sides = listOf(
            Side(Direction.EXPENSE, t.FROM_ACCOUNT_ID.notNull(), t.SENT_MINOR.notNull(), t.SENT_CURRENCY.notNull()),
            Side(Direction.INCOME, t.TO_ACCOUNT_ID.notNull(), t.RECEIVED_MINOR.notNull(), t.RECEIVED_CURRENCY.notNull()),
        )
        return sides.filter { f.direction == null || f.direction == it.direction }.flatMap { side ->
            val conditions = mutableListOf<Condition>(t.USER_ID.eq(f.userId))
            f.from?.let { conditions += t.OCCURRED_ON.ge(it) }
            f.to?.let { conditions += t.OCCURRED_ON.le(it) }
            if (f.accountIds.isNotEmpty()) conditions += side.account.`in`(f.accountIds)
            if (f.weekdays.isNotEmpty()) conditions += DSL.isoDayOfWeek(t.OCCURRED_ON).`in`(f.weekdays)
            val day = t.OCCURRED_ON.notNull()
            db.select(day, side.account, side.currency, DSL.sum(side.amount), DSL.count()).from(t).where(conditions)
                .groupBy(day, side.account, side.currency)
                .fetch(
                    Records.mapping { date, account, currency, amount, count ->
                        GroupTotal(keyOf(date, account), currency, side.direction, exactMinor(amount), count.toLong(), 0, date)
                    },
                )
        }
    }

    private fun matches(f: ResolvedFilter) =
        f.categoryIds.isEmpty() && f.sellerIds.isEmpty() && f.hasImage == null && f.hasDocument == null && f.text == null &&
            (f.modes.isEmpty() || Mode.TRANSFER in f.modes)

    private data class Side(
        val direction: Direction,
        val account: Field<UUID>,
        val amount: Field<Long>,
        val currency: Field<String>,
    )
}

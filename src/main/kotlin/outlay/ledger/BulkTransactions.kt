package outlay.ledger

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Propagation
import org.springframework.transaction.annotation.Transactional
import outlay.accounts.AccountService
import outlay.categories.CategoryService
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.platform.Ids
import outlay.platform.ValidationException
import outlay.ledger.statistics.Contribution
import outlay.ledger.statistics.MonthTotals
import outlay.sellers.SellerService
import java.math.BigDecimal
import java.time.Clock
import java.time.LocalDate
import java.time.ZoneOffset
import java.util.UUID

/** A transaction for a bulk write: amounts already in minor units of the account's currency. */
data class NewTransaction(
    val direction: Direction,
    val mode: Mode,
    val date: LocalDate,
    val sellerId: UUID?,
    val note: String?,
    val items: List<NewItem>,
)

data class NewItem(val amountMinor: Long, val categoryId: UUID, val description: String?, val isReduction: Boolean)

/**
 * The ledger's bulk write, for imports: records many transactions in the caller's database
 * transaction with multi-row inserts for the headers and the items. A [Batch] spans many calls
 * (an import's chunks): references are checked once per new id, and the monthly totals of the
 * whole batch are applied once, by [Batch.finish].
 */
@Service
class BulkTransactionService(
    private val db: DSLContext,
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
    private val totals: MonthTotals,
    private val clock: Clock,
) {
    /** Starts a bulk write into the caller's [accountId]; call [Batch.finish] before the database transaction ends. */
    @Transactional(propagation = Propagation.MANDATORY)
    fun start(userId: UUID, accountId: UUID): Batch {
        val account = accounts.find(userId, accountId) ?: throw ValidationException("accountId", "is not one of your accounts")
        return Batch(userId, account.id, account.currency)
    }

    inner class Batch internal constructor(private val userId: UUID, private val accountId: UUID, private val currency: String) {
        private val pending = totals.pending()
        private val knownCategories = HashSet<UUID>()
        private val knownSellers = HashSet<UUID>()

        /** Records [transactions]; returns their new ids, in order. */
        fun record(transactions: List<NewTransaction>): List<UUID> {
            if (transactions.isEmpty()) return emptyList()
            check(transactions)
            val now = clock.instant().atOffset(ZoneOffset.UTC)
            val ids = transactions.map { Ids.next() }
            val t = TRANSACTIONS
            // at most ~15,000 bind values per statement: PostgreSQL's protocol allows 32,767
            transactions.indices.chunked(1000).forEach { part ->
                db.insertInto(
                    t, t.ID, t.USER_ID, t.ACCOUNT_ID, t.DIRECTION, t.MODE, t.OCCURRED_ON, t.SELLER_ID, t.NOTE, t.CURRENCY,
                    t.TOTAL_MINOR, t.ITEM_COUNT, t.CREATED_AT, t.UPDATED_AT,
                ).valuesOfRows(
                    part.map { n ->
                        val x = transactions[n]
                        DSL.row(ids[n], userId, accountId, x.direction, x.mode, x.date, x.sellerId, x.note, currency, total(x), x.items.size, now, now)
                    },
                ).execute()
            }
            val i = TRANSACTION_ITEM
            val items = transactions.flatMapIndexed { n, x -> x.items.mapIndexed { position, item -> Triple(ids[n], position, item) } }
            items.chunked(1500).forEach { part ->
                db.insertInto(i, i.USER_ID, i.ID, i.TRANSACTION_ID, i.POSITION, i.AMOUNT_MINOR, i.QUANTITY, i.DESCRIPTION, i.CATEGORY_ID, i.IS_REDUCTION)
                    .valuesOfRows(
                        part.map { (transactionId, position, item) ->
                            DSL.row(userId, Ids.next(), transactionId, position, item.amountMinor, BigDecimal.ONE, item.description, item.categoryId, item.isReduction)
                        },
                    ).execute()
            }
            pending.add(
                transactions.map { x ->
                    Contribution(userId, x.date, accountId, x.sellerId, currency, x.direction, x.items.map { it.categoryId to signed(it) })
                },
            )
            return ids
        }

        /** Applies the monthly totals of everything recorded. */
        fun finish() = pending.write()

        /** The caller's categories and sellers, each id checked once per batch (one query for the new ones). */
        private fun check(transactions: List<NewTransaction>) {
            val newCategories = transactions.flatMap { t -> t.items.map { it.categoryId } }.toSet() - knownCategories
            if (newCategories.isNotEmpty()) {
                if (categories.findAll(userId, newCategories).size != newCategories.size) throw ValidationException("items", "name categories that are not yours")
                knownCategories += newCategories
            }
            val newSellers = transactions.mapNotNull { it.sellerId }.toSet() - knownSellers
            if (newSellers.isNotEmpty()) {
                if (sellers.names(userId, newSellers).size != newSellers.size) throw ValidationException("sellerId", "names sellers that are not yours")
                knownSellers += newSellers
            }
            transactions.forEachIndexed { i, t ->
                if (t.items.isEmpty() || t.items.size > DraftService.MAX_ITEMS) throw ValidationException("transactions[$i].items", "must hold 1 to ${DraftService.MAX_ITEMS} items")
                if (total(t) < 0) throw ValidationException("transactions[$i].items", "reductions exceed the total")
            }
        }
    }

    private fun signed(item: NewItem) = if (item.isReduction) -item.amountMinor else item.amountMinor

    private fun total(t: NewTransaction) = t.items.sumOf { signed(it) }
}

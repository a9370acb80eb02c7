package outlay.exchange

import org.springframework.stereotype.Component
import outlay.accounts.AccountView
import outlay.ledger.BulkTransactionService
import outlay.ledger.Direction
import outlay.ledger.NewItem
import outlay.ledger.NewTransaction
import outlay.sellers.SellerService
import java.util.UUID

/**
 * Records one import's planned rows chunk by chunk through the ledger's bulk write, in the
 * caller's database transaction: sellers are found or created by name (each name once per
 * import), the duplicate keys stored beside the transactions, and the monthly totals applied once
 * at [Recording.finish].
 */
@Component
class ImportRecorder(private val ledger: BulkTransactionService, private val sellers: SellerService, private val keys: ImportedRowRepository) {

    fun start(userId: UUID, account: AccountView) = Recording(userId, account.id, ledger.start(userId, account.id))

    inner class Recording internal constructor(private val userId: UUID, private val accountId: UUID, private val batch: BulkTransactionService.Batch) {
        private val sellerIds = HashMap<String, UUID>()

        fun record(rows: List<PlannedTransaction>) {
            if (rows.isEmpty()) return
            val unseen = rows.mapNotNull { it.sellerName }.filterNot { it in sellerIds }
            if (unseen.isNotEmpty()) sellerIds += sellers.findOrCreate(userId, unseen)
            val ids = batch.record(
                rows.map { row ->
                    NewTransaction(
                        direction = if (row.income) Direction.INCOME else Direction.EXPENSE, mode = row.mode, date = row.date,
                        sellerId = row.sellerName?.let { sellerIds[it] }, note = row.note,
                        items = row.items.map { NewItem(it.amountMinor, it.categoryId, it.description, it.reduction) },
                    )
                },
            )
            keys.insert(userId, accountId, rows.map { it.key }.zip(ids))
        }

        fun finish() = batch.finish()
    }
}

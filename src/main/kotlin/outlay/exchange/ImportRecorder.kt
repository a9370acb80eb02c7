package outlay.exchange

import org.springframework.stereotype.Component
import outlay.accounts.AccountView
import outlay.ledger.BulkTransactionService
import outlay.ledger.Direction
import outlay.ledger.Mode
import outlay.ledger.NewItem
import outlay.ledger.NewTransaction
import java.util.UUID

/** Hands planned rows to the ledger's bulk write; sellers are already resolved to ids by name. */
@Component
class ImportRecorder(private val ledger: BulkTransactionService) {

    fun record(userId: UUID, account: AccountView, rows: List<PlannedTransaction>, sellerIds: Map<String, UUID>): List<UUID> =
        ledger.recordAll(
            userId, account.id,
            rows.map { row ->
                NewTransaction(
                    direction = if (row.income) Direction.INCOME else Direction.EXPENSE, mode = Mode.entries.first { it.json == row.mode }, date = row.date,
                    sellerId = row.sellerName?.let { sellerIds[it] }, note = row.note,
                    items = row.items.map { NewItem(it.amountMinor, it.categoryId, it.description, it.reduction) },
                )
            },
        )
}

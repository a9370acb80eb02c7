package outlay.transactions

import org.springframework.stereotype.Component
import outlay.accounts.AccountRepository
import outlay.accounts.AccountRow
import outlay.categories.CategoryRepository
import outlay.platform.Checks
import outlay.sellers.SellerRepository
import java.util.UUID

/**
 * Checks that every id a draft or transaction refers to is the caller's (or a built-in
 * category), with one query per kind of reference. Another user's id reads as unknown.
 */
@Component
class References(
    private val accounts: AccountRepository,
    private val categories: CategoryRepository,
    private val sellers: SellerRepository,
) {
    /** Adds field errors to [checks]; returns the account when it is valid. */
    fun check(userId: UUID, request: TransactionRequest, items: List<ItemRequest>, checks: Checks): AccountRow? {
        val account = request.accountId?.let { id ->
            val row = accounts.find(userId, id)
            checks.check(row != null, "accountId", "is not one of your accounts")
            checks.check(row == null || !row.archived, "accountId", "is archived")
            row
        }
        if (request.sellerId != null) {
            checks.check(sellers.find(userId, request.sellerId) != null, "sellerId", "is not one of your sellers")
        }
        if (request.sellerLocationId != null) {
            val ok = request.sellerId != null && sellers.findLocation(userId, request.sellerId, request.sellerLocationId) != null
            checks.check(ok, "sellerLocationId", "is not a location of the given seller")
        }
        checkCategories(userId, items, checks)
        return account?.takeUnless { it.archived }
    }

    fun checkCategories(userId: UUID, items: List<ItemRequest>, checks: Checks, fieldPrefix: (Int) -> String = { "items[$it]." }) {
        val wanted = items.mapNotNull { it.categoryId }.toSet()
        if (wanted.isEmpty()) return
        val known = categories.findAll(userId, wanted).map { it.id }.toSet()
        items.forEachIndexed { i, item ->
            if (item.categoryId != null && item.categoryId !in known) checks.fail("${fieldPrefix(i)}categoryId", "is not one of your categories")
        }
    }
}

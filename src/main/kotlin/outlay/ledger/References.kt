package outlay.ledger

import org.springframework.stereotype.Component
import outlay.accounts.AccountService
import outlay.accounts.AccountView
import outlay.categories.CategoryService
import outlay.categories.CategoryView
import outlay.platform.Checks
import outlay.sellers.SellerService
import java.util.UUID

/**
 * Checks that every id a draft or transaction refers to is the caller's (or a built-in
 * category), with one query per kind of reference. Another user's id reads as unknown. The
 * answers come from the owning modules' services, never from their tables.
 */
@Component
class References(
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
) {
    /** What [check] found: the account when it is valid, and the items' categories that are the caller's, by id. */
    data class Found(val account: AccountView?, val categories: Map<UUID, CategoryView>)

    /** Adds field errors to [checks]; returns what it read, so that callers need not read it again. */
    fun check(userId: UUID, request: TransactionRequest, items: List<ItemRequest>, checks: Checks): Found {
        val account = request.accountId?.let { id ->
            val row = accounts.find(userId, id)
            checks.check(row != null, "accountId", "is not one of your accounts")
            checks.check(row == null || !row.archived, "accountId", "is archived")
            row
        }
        if (request.sellerId != null) {
            checks.check(sellers.exists(userId, request.sellerId), "sellerId", "is not one of your sellers")
        }
        if (request.sellerLocationId != null) {
            val ok = request.sellerId != null && sellers.hasLocation(userId, request.sellerId, request.sellerLocationId)
            checks.check(ok, "sellerLocationId", "is not a location of the given seller")
        }
        val categories = checkCategories(userId, items, checks)
        return Found(account?.takeUnless { it.archived }, categories)
    }

    /** The caller's account, or null. */
    fun account(userId: UUID, id: UUID): AccountView? = accounts.find(userId, id)

    /** Adds field errors to [checks]; returns the items' categories that are the caller's (or built-in), by id. */
    fun checkCategories(userId: UUID, items: List<ItemRequest>, checks: Checks, fieldPrefix: (Int) -> String = { "items[$it]." }): Map<UUID, CategoryView> {
        val wanted = items.mapNotNull { it.categoryId }.toSet()
        if (wanted.isEmpty()) return emptyMap()
        val known = categories.findAll(userId, wanted).associateBy { it.id }
        items.forEachIndexed { i, item ->
            if (item.categoryId != null && item.categoryId !in known) checks.fail("${fieldPrefix(i)}categoryId", "is not one of your categories")
        }
        return known
    }
}

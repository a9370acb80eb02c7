package outlay.recurring

import org.springframework.stereotype.Component
import outlay.accounts.AccountUsage
import outlay.categories.CategoryUsage
import outlay.sellers.SellerUsage
import java.util.UUID

/**
 * What the rules record with, for the modules that own it, read from the rules' reference columns
 * (the same the foreign keys guard). An account or category a rule records with stays (its delete
 * is refused, naming the rule); a seller stays archived: the rule records with it on its next day.
 */
@Component
class RuleReferences(private val rules: RuleRepository) : AccountUsage, CategoryUsage, SellerUsage {
    override fun accountNeededBy(userId: UUID, accountId: UUID): String? = rules.nameUsingAccount(userId, accountId)?.let(::named)

    override fun categoryNeededBy(userId: UUID, categoryId: UUID): String? = rules.nameUsingCategory(userId, categoryId)?.let(::named)

    override fun isSellerReferenced(userId: UUID, sellerId: UUID): Boolean = rules.nameUsingSeller(userId, sellerId) != null

    private fun named(name: String) = "the recurring rule \u201c$name\u201d"
}

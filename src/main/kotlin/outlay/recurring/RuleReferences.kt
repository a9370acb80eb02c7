package outlay.recurring

import org.springframework.stereotype.Component
import outlay.sellers.SellerUsage
import java.util.UUID

/** A seller a rule names stays (archived if asked to go): the rule records with it on its next day. Read from the rule's seller column. */
@Component
class RuleReferences(private val rules: RuleRepository) : SellerUsage {
    override fun isSellerReferenced(userId: UUID, sellerId: UUID): Boolean = rules.nameUsingSeller(userId, sellerId) != null
}

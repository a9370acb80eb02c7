package outlay.recurring

import org.springframework.stereotype.Component
import outlay.sellers.SellerUsage
import java.util.UUID

/** A seller a rule's template names stays (archived if asked to go): the rule records with it on its next day. */
@Component
class RuleReferences(private val rules: RuleRepository) : SellerUsage {
    override fun isSellerReferenced(userId: UUID, sellerId: UUID): Boolean = rules.templateMentions(userId, sellerId)
}

package outlay.accounts

import org.jooq.Field
import java.util.UUID

/**
 * What the ledger's records moved on accounts. Declared here and answered by the ledger (which
 * owns transactions and transfers), so accounts can show balances without naming a ledger table.
 */
interface AccountBalances {
    /**
     * Per account among [accountIds] (the caller's): income and transfers in minus expenses and
     * transfers out, in the account's minor units; an account nothing moved may be absent.
     */
    fun movements(userId: UUID, accountIds: Collection<UUID>): Map<UUID, Long>

    /**
     * The same for the account whose id is [accountId], a column of the asking query, of the user [userId] (a value or
     * a column of the asking query too): a correlated subquery, so a list of accounts comes with their balances in
     * one statement. Null when nothing moved.
     */
    fun movement(userId: Field<UUID?>, accountId: Field<UUID?>): Field<Long?>
}

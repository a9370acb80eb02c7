package outlay.accounts

import java.util.UUID

/**
 * What the ledger's records moved on accounts. Declared here and answered by the ledger (which
 * owns transactions and transfers), so accounts can show balances without naming a ledger table.
 */
fun interface AccountBalances {
    /**
     * Per account among [accountIds] (the caller's): income and transfers in minus expenses and
     * transfers out, in the account's minor units; an account nothing moved may be absent.
     */
    fun movements(userId: UUID, accountIds: Collection<UUID>): Map<UUID, Long>
}

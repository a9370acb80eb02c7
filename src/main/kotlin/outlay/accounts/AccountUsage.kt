package outlay.accounts

import java.util.UUID

/**
 * Whether anything records money against an account. Declared here and answered by the ledger
 * (which owns the transactions that refer to accounts), so the dependency points from the
 * ledger to accounts only and accounts never names a ledger table.
 */
fun interface AccountUsage {
    /** A saved transaction, a transfer or the draft refers to the account. */
    fun isAccountReferenced(userId: UUID, accountId: UUID): Boolean
}

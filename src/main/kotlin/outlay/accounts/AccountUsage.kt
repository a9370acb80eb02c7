package outlay.accounts

import java.util.UUID

/**
 * Whether anything records money against an account. Declared here and answered by the modules
 * that refer to accounts (the ledger's transactions, transfers and draft; the recurring rules), so
 * the dependency points from them to accounts only and accounts never names their tables.
 */
interface AccountUsage {
    /** A saved transaction, a transfer or the draft refers to the account: removing it archives it instead. */
    fun isAccountReferenced(userId: UUID, accountId: UUID): Boolean = false

    /**
     * What will record into the account later (a recurring rule), named for the person, or null.
     * Such an account is neither deleted nor archived: what needs it would fail on its next day.
     */
    fun accountNeededBy(userId: UUID, accountId: UUID): String? = null
}

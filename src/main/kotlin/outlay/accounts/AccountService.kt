package outlay.accounts

import org.jooq.Field
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.platform.Money
import outlay.platform.NotFoundException
import outlay.platform.ProblemType
import outlay.platform.Reads
import outlay.platform.ValidationException
import outlay.platform.validate
import java.time.Clock
import java.util.UUID

/** The outcome of removing an account: gone, or kept as archived because transactions use it. */
sealed interface Removal {
    data object Deleted : Removal
    data class Archived(val account: AccountView) : Removal
}

@Service
class AccountService(
    private val accounts: AccountRepository,
    private val usages: List<AccountUsage>,
    private val balances: AccountBalances,
    private val clock: Clock,
) {
    /** The accounts without balances (for choosing one). */
    @Reads
    fun list(userId: UUID, includeArchived: Boolean): List<AccountView> = accounts.list(userId, includeArchived).map { it.toView() }

    /** The accounts with their current balances, in one statement (each balance a lookup in the ledger's monthly totals). */
    @Reads
    fun withBalances(userId: UUID, includeArchived: Boolean): List<AccountView> =
        accounts.listMoved(userId, includeArchived, balances::movement).map { (row, moved) -> row.toView(moved) }

    /** The caller's account (not found for another's), without its balance: one statement. */
    @Reads
    fun get(userId: UUID, id: UUID): AccountView = existing(userId, id).toView()

    /** The caller's account with its current balance: one statement more, for those who show it. */
    @Reads
    fun withBalance(userId: UUID, id: UUID): AccountView = existing(userId, id).let { it.toView(balances.movements(userId, listOf(id))[id] ?: 0) }

    /** For other modules, inside their transaction: the caller's account, or null (another user's reads as unknown). */
    fun find(userId: UUID, id: UUID): AccountView? = accounts.find(userId, id)?.toView()

    /**
     * For other modules: [find] as a field they read with their own statement, so it costs none of its own, of the
     * caller and account its fields give (values, or a shape's slots: [outlay.platform.StatementShapes]).
     */
    fun found(user: Field<UUID?>, id: Field<UUID?>): Field<AccountView?> = accounts.found(user, id) { it?.toView() }

    /** For other modules: the caller's accounts among [ids], in one query. */
    fun findAll(userId: UUID, ids: Collection<UUID>): List<AccountView> = accounts.findAll(userId, ids).map { it.toView() }

    @Transactional
    fun create(userId: UUID, request: AccountRequest): AccountView {
        check(request)
        val now = clock.instant()
        val row = AccountRow(
            Ids.next(), userId, request.name.trim(), request.currency, request.institution.orNone(),
            request.referenceNumber.orNone(), false, opening(request.openingBalance ?: "0", request.currency), now, now,
        )
        accounts.insert(row)
        return row.toView(movedMinor = 0) // nothing recorded on a new account yet
    }

    @Transactional
    fun update(userId: UUID, id: UUID, request: AccountRequest): AccountView {
        check(request)
        val current = existing(userId, id)
        if (current.currency != request.currency) {
            // a rule's amounts were checked against the account's currency's decimals
            neededBy(userId, id)?.let { throw inUse("The currency of an account that $it records into cannot change.") }
            if (referenced(userId, id)) throw inUse("The currency of an account with transactions cannot change.")
        }
        if (request.archived && !current.archived) neededBy(userId, id)?.let { throw needed(it) }
        val row = current.copy(
            name = request.name.trim(), currency = request.currency, institution = request.institution.orNone(),
            referenceNumber = request.referenceNumber.orNone(), archived = request.archived, updatedAt = clock.instant(),
            // left out, the opening balance stays the same amount (in the new currency, if it changed while unused)
            openingBalanceMinor = opening(request.openingBalance ?: Money.format(current.openingBalanceMinor, current.currency), request.currency),
        )
        accounts.update(row)
        return row.toView(balances.movements(userId, listOf(id))[id] ?: 0)
    }

    /**
     * Deletes an unused account; one that transactions refer to is archived instead. One that a
     * recurring rule records into is refused: deleted or archived, the rule could not record.
     */
    @Transactional
    fun remove(userId: UUID, id: UUID): Removal {
        val current = existing(userId, id)
        neededBy(userId, id)?.let { throw needed(it) }
        if (!referenced(userId, id)) {
            accounts.delete(userId, id)
            return Removal.Deleted
        }
        val archived = current.copy(archived = true, updatedAt = clock.instant())
        accounts.update(archived)
        return Removal.Archived(archived.toView())
    }

    private fun referenced(userId: UUID, id: UUID) = usages.any { it.isAccountReferenced(userId, id) }

    private fun neededBy(userId: UUID, id: UUID) = usages.firstNotNullOfOrNull { it.accountNeededBy(userId, id) }

    private fun needed(by: String) = inUse("The account is used by $by: change the rule to another account, or delete the rule, first.")

    private fun inUse(detail: String) = ApiException(HttpStatus.CONFLICT, ProblemType.CONFLICT, detail)

    /** Blank optional text (an empty form field) is stored as none. */
    private fun String?.orNone() = this?.trim()?.ifEmpty { null }

    private fun existing(userId: UUID, id: UUID) = accounts.find(userId, id) ?: throw NotFoundException("Account not found.")

    private fun check(request: AccountRequest) = validate {
        check(Money.currency(request.currency) != null, "currency", "must be an ISO 4217 currency code such as EUR")
        check(request.name.isNotBlank(), "name", "must not be blank")
        check(request.openingBalance == null || OPENING.matches(request.openingBalance), "openingBalance", "must be a decimal such as 120.50 or -35.00")
    }

    /** Minor units of an opening balance (checked by [check]); refused when it has more decimals than [currency] allows. */
    private fun opening(amount: String, currency: String): Long {
        val minor = Money.toMinor(amount.toBigDecimal(), currency)
        return minor ?: throw ValidationException("openingBalance", "has more decimals than $currency allows (${Money.digits(currency)})")
    }

    private companion object {
        val OPENING = Regex("""-?\d{1,13}(\.\d{1,4})?""")
    }
}

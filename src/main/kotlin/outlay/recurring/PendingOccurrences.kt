package outlay.recurring

import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.ledger.TransactionService
import outlay.platform.ApiException
import outlay.platform.NotFoundException
import outlay.platform.ProblemType
import outlay.platform.Reads
import java.time.LocalDate
import java.util.UUID

/**
 * The occurrences of rules that ask first. The producer keeps each as a pending row of
 * `recurring_occurrence` (the same key that makes a recorded one happen once), with the id of
 * the transaction it will record. Confirming locks that row, records the rule's transaction with
 * that id and marks the row recorded, in one database transaction: a retry, a second tab or a
 * second server finds it recorded and gets the same transaction. Skipping marks it skipped.
 */
@Service
class PendingOccurrences(
    private val rules: RuleRepository,
    private val service: RecurringService,
    private val transactions: TransactionService,
) {
    /** The user's pending occurrences, oldest first (the first [LIMIT]): one statement. */
    @Reads
    fun list(userId: UUID): List<PendingView> = rules.pending(userId, LIMIT).map { p ->
        val t = service.template(p.template)
        PendingView(p.ruleId, p.name, p.day, t.accountId, t.direction, total(t.items).toPlainString())
    }

    @Reads
    fun count(userId: UUID): Int = rules.pendingCount(userId)

    /** Records the occurrence's transaction once; [Decided.changed] is false for a retry. */
    @Transactional
    fun confirm(userId: UUID, ruleId: UUID, day: LocalDate): Decided {
        val rule = rules.find(userId, ruleId) ?: throw notFound()
        val occurrence = rules.occurrence(userId, ruleId, day, lock = true) ?: throw notFound()
        when (occurrence.state) {
            OccurrenceState.RECORDED -> return Decided(occurrence.toView(), false)
            OccurrenceState.SKIPPED -> throw conflict("This occurrence was skipped; it records nothing now.")
            OccurrenceState.PENDING -> Unit
        }
        // the ledger checks it as any transaction (a 400 here changes nothing: this transaction rolls back)
        transactions.create(userId, service.template(rule).toRequest(occurrence.transactionId, day), null)
        rules.setState(userId, ruleId, day, OccurrenceState.RECORDED)
        return Decided(occurrence.copy(state = OccurrenceState.RECORDED).toView(), true)
    }

    @Transactional
    fun skip(userId: UUID, ruleId: UUID, day: LocalDate): Decided {
        rules.find(userId, ruleId) ?: throw notFound()
        val occurrence = rules.occurrence(userId, ruleId, day, lock = true) ?: throw notFound()
        when (occurrence.state) {
            OccurrenceState.SKIPPED -> return Decided(occurrence.toView(), false)
            OccurrenceState.RECORDED -> throw conflict("This occurrence is recorded; delete its transaction instead.")
            OccurrenceState.PENDING -> Unit
        }
        rules.setState(userId, ruleId, day, OccurrenceState.SKIPPED)
        return Decided(occurrence.copy(state = OccurrenceState.SKIPPED).toView(), true)
    }

    private fun notFound() = NotFoundException("Pending occurrence not found.")

    private fun conflict(detail: String) = ApiException(HttpStatus.CONFLICT, ProblemType.CONFLICT, detail)

    companion object {
        const val LIMIT = 100
    }
}

/** What a confirm or skip left: the occurrence as it is now, and whether this request changed it. */
data class Decided(val occurrence: OccurrenceView, val changed: Boolean)

/** An occurrence waiting for the person: the rule, its day, and what it would record. */
data class PendingView(
    val ruleId: UUID,
    val name: String,
    val date: LocalDate,
    val accountId: UUID?,
    val direction: outlay.ledger.Direction,
    /** The items' sum less reductions, in the account's currency. */
    val total: String,
)

package outlay.recurring

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.ledger.TransactionService
import outlay.platform.Checks
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.Reads
import tools.jackson.databind.json.JsonMapper
import tools.jackson.module.kotlin.readValue
import java.time.Clock
import java.time.temporal.ChronoUnit
import java.util.UUID

/** Recurring rules: saved after the ledger has checked their template as it checks a transaction. */
@Service
class RecurringService(
    private val rules: RuleRepository,
    private val transactions: TransactionService,
    private val json: JsonMapper,
    private val clock: Clock,
) {
    /** Creates the rule; a retry with the same client id returns the rule it made. */
    @Transactional
    fun create(userId: UUID, request: RuleRequest): SavedRule {
        request.id?.let { id -> rules.find(userId, id)?.let { return SavedRule(view(it), false) } }
        val schedule = check(userId, request)
        val now = clock.instant().truncatedTo(ChronoUnit.MICROS) // what the databases keep, so a retry reads back the same
        val template = request.template()
        val row = RuleRow(
            request.id ?: Ids.next(), userId, request.name!!.trim(), json.writeValueAsString(template), template.accountId, template.sellerId,
            schedule, request.action, 0, schedule.after(null, 0), now, now,
        )
        rules.insert(row)
        rules.replaceCategories(userId, row.id, template.categoryIds(), replacing = false)
        return SavedRule(view(row), true)
    }

    /**
     * Replaces the rule. What it already produced stays (and counts towards its count); the next
     * occurrence is the new schedule's first after the last one produced.
     */
    @Transactional
    fun update(userId: UUID, id: UUID, request: RuleRequest): RuleView {
        val old = rules.find(userId, id, lock = true) ?: throw notFound() // the producer waits, then sees the new rule
        val schedule = check(userId, request)
        val template = request.template()
        val row = old.copy(
            name = request.name!!.trim(), template = json.writeValueAsString(template), accountId = template.accountId, sellerId = template.sellerId,
            schedule = schedule, action = request.action,
            nextOn = schedule.after(rules.lastOccurrence(userId, id), old.produced), updatedAt = clock.instant().truncatedTo(ChronoUnit.MICROS),
        )
        rules.update(row)
        rules.replaceCategories(userId, id, template.categoryIds(), replacing = true)
        return view(row)
    }

    @Transactional
    fun delete(userId: UUID, id: UUID) {
        if (!rules.delete(userId, id)) throw notFound()
    }

    @Reads
    fun get(userId: UUID, id: UUID): RuleView = view(rules.find(userId, id) ?: throw notFound())

    @Reads
    fun list(userId: UUID): List<RuleView> = rules.list(userId).map(::view)

    @Reads
    fun occurrences(userId: UUID, id: UUID): List<OccurrenceView> {
        rules.find(userId, id) ?: throw notFound()
        return rules.occurrences(userId, id)
    }

    fun template(row: RuleRow): Template = template(row.template)

    fun template(stored: String): Template = json.readValue(stored)

    /** The schedule's rules here, then the template's as the ledger has them for a transaction. */
    private fun check(userId: UUID, request: RuleRequest): Schedule {
        val checks = Checks()
        checks.check(!request.name.isNullOrBlank(), "name", "is required")
        checks.check(request.unit != null, "unit", "is required")
        checks.check(request.startDate != null, "startDate", "is required")
        val months = request.unit == RepeatUnit.MONTHS || request.unit == null // no unit: that is the one problem
        checks.check(months || request.dayOfMonth == null, "dayOfMonth", "applies to monthly rules only")
        checks.check(months || !request.lastDay, "lastDay", "applies to monthly rules only")
        checks.check(!(request.lastDay && request.dayOfMonth != null), "dayOfMonth", "cannot be combined with lastDay")
        val start = request.startDate
        if (start != null && request.endDate != null && request.endDate < start) checks.fail("endDate", "must not be before startDate")
        checks.throwIfAny()
        val schedule = Schedule(request.every, request.unit!!, start!!, request.dayOfMonth, request.lastDay, request.endDate, request.count)
        if (schedule.after(null, 0) == null) Checks().apply { fail("endDate", "the rule never fires: no occurrence falls between startDate and endDate") }.throwIfAny()
        transactions.check(userId, request.template().toRequest(null, start))
        return schedule
    }

    private fun view(row: RuleRow): RuleView {
        val t = template(row)
        val s = row.schedule
        return RuleView(
            row.id, row.name, t.accountId, t.direction, t.mode, t.sellerId, t.note, t.items, s.every, s.unit, s.dayOfMonth, s.lastDay,
            s.start, s.end, s.count, row.action, row.produced, row.nextOn, row.createdAt, row.updatedAt,
        )
    }

    private fun notFound() = NotFoundException("Recurring rule not found.")
}

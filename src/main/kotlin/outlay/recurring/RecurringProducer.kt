package outlay.recurring

import org.slf4j.LoggerFactory
import org.springframework.scheduling.annotation.Scheduled
import org.springframework.stereotype.Component
import org.springframework.transaction.support.TransactionTemplate
import outlay.ledger.TransactionService
import outlay.platform.ApiException
import outlay.platform.Ids
import java.time.Clock
import java.time.Instant
import java.time.LocalDate
import java.time.ZoneId
import java.time.ZoneOffset
import java.util.UUID

/**
 * Records the occurrences whose day has come, each exactly once. Per rule, in one database
 * transaction: lock the rule's row (a second server waits here, then finds the rule advanced),
 * insert the occurrence (rule, day) — its primary key refuses a second one whatever any server
 * remembers — record the transaction (or, for a rule that asks first, leave the occurrence
 * pending: [PendingOccurrences] records it when confirmed), advance the rule. A crash before the commit undoes all of
 * it, so the next run produces that occurrence again; a server that was off catches up on every
 * missed day up to today, and never beyond.
 */
@Component
class RecurringProducer(
    private val rules: RuleRepository,
    private val service: RecurringService,
    private val transactions: TransactionService,
    private val zones: UserZones,
    private val tx: TransactionTemplate,
    private val clock: Clock,
) {
    private val log = LoggerFactory.getLogger(javaClass)

    @Scheduled(cron = "\${outlay.recurring.cron:0 * * * * *}")
    fun run() {
        val made = produceDue(clock.instant())
        if (made > 0) log.info("Recorded {} recurring occurrence(s)", made)
    }

    /**
     * Produces every rule's occurrences due at [now]; returns how many it recorded. The sweep pages
     * through every rule due somewhere on Earth and judges each in its user's zone (one read per
     * page); each rule is produced at most once per sweep, so a long catch-up spreads over runs.
     */
    fun produceDue(now: Instant): Int {
        // the furthest-ahead time zone (UTC+14) is a day ahead of UTC: each rule is then judged in its user's own zone
        val horizon = LocalDate.ofInstant(now, ZoneOffset.UTC).plusDays(1)
        var made = 0
        var after: DueRule? = null
        val swept = HashSet<UUID>() // a rule cut off at MAX_PER_RUN moves forward and would come round again
        do {
            val page = rules.dueBy(horizon, after, BATCH)
            val zoneOf = zones.zones(page.mapTo(HashSet()) { it.userId })
            made += page.filter { it.nextOn <= LocalDate.ofInstant(now, zoneOf.getValue(it.userId)) && swept.add(it.id) }
                .sumOf { produceOrSkip(it, now, zoneOf.getValue(it.userId)) }
            after = page.lastOrNull()
        } while (page.size == BATCH)
        return made
    }

    /**
     * A rule whose template the ledger now refuses (its account or category was deleted) is
     * reported and left where it is, so the other rules still run; it resumes once it is edited.
     */
    private fun produceOrSkip(rule: DueRule, now: Instant, zone: ZoneId): Int = try {
        produce(rule.userId, rule.id, now, zone)
    } catch (e: ApiException) {
        log.warn("Recurring rule {} of user {} not produced: {}", rule.id, rule.userId, e.message)
        0
    }

    /** One rule's due occurrences, in the caller's transaction (or its own); how many it recorded. */
    fun produce(userId: UUID, ruleId: UUID, now: Instant, zone: ZoneId = zones.zone(userId)): Int = tx.execute {
        val rule = rules.find(userId, ruleId, lock = true) ?: return@execute 0
        val today = LocalDate.ofInstant(now, zone)
        val template = service.template(rule)
        var next = rule.nextOn
        var produced = rule.produced
        var made = 0
        while (next != null && next <= today && made < MAX_PER_RUN) {
            val id = Ids.next()
            val state = if (rule.action == Action.CONFIRM) OccurrenceState.PENDING else OccurrenceState.RECORDED
            if (rules.recordOccurrence(userId, ruleId, next, id, now, state)) {
                if (state == OccurrenceState.RECORDED) transactions.create(userId, template.toRequest(id, next), null)
                made++
            }
            produced++
            next = rule.schedule.after(next, produced)
        }
        if (next != rule.nextOn) rules.advance(userId, ruleId, produced, next)
        made
    } ?: 0

    companion object {
        private const val BATCH = 100

        /** A rule catching up on years of daily occurrences does so over a few runs, in bounded transactions. */
        const val MAX_PER_RUN = 400
    }
}

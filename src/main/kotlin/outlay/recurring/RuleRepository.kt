package outlay.recurring

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Records
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.records.RecurringRuleRecord
import outlay.db.tables.references.RECURRING_OCCURRENCE
import outlay.db.tables.references.RECURRING_RULE
import outlay.db.tables.references.RECURRING_RULE_CATEGORY
import outlay.platform.notNull
import java.time.Instant
import java.time.LocalDate
import java.time.ZoneOffset
import java.util.UUID

/**
 * A stored rule; [template] is the template transaction's JSON. Its account and seller are also
 * columns with foreign keys (and its categories rows of their own), so nothing a rule records with
 * can be deleted from under it.
 */
data class RuleRow(
    val id: UUID,
    val userId: UUID,
    val name: String,
    val template: String,
    val accountId: UUID?,
    val sellerId: UUID?,
    val schedule: Schedule,
    val action: Action,
    val produced: Int,
    val nextOn: LocalDate?,
    val createdAt: Instant,
    val updatedAt: Instant,
)

/** A produced occurrence with the id of the transaction it recorded (or, pending, will record). */
data class OccurrenceRow(val date: LocalDate, val state: OccurrenceState, val transactionId: UUID, val createdAt: Instant) {
    fun toView() = OccurrenceView(date, state, transactionId.takeIf { state == OccurrenceState.RECORDED }, createdAt)
}

/** A pending occurrence with its rule's name and template. */
data class PendingRow(val ruleId: UUID, val day: LocalDate, val name: String, val template: String)

/** A rule the producer should look at: its next occurrence has come somewhere on Earth. */
data class DueRule(val userId: UUID, val id: UUID, val nextOn: LocalDate)

/** Rules and their occurrences, always narrowed to the caller's rows (the producer's sweep aside). */
@Repository
class RuleRepository(private val db: DSLContext) {
    private val r = RECURRING_RULE
    private val o = RECURRING_OCCURRENCE

    /** An occurrence as one typed field. */
    private val occurrence = DSL.row(o.OCCURS_ON.notNull(), o.STATE.notNull(), o.TRANSACTION_ID.notNull(), o.CREATED_AT.notNull())
        .mapping { day, state, transactionId, at -> OccurrenceRow(day, state, transactionId, at.toInstant()) }
    private val c = RECURRING_RULE_CATEGORY

    fun find(userId: UUID, id: UUID, lock: Boolean = false): RuleRow? =
        db.selectFrom(r).where(r.USER_ID.eq(userId), r.ID.eq(id)).let { if (lock) it.forUpdate() else it }.fetchOne()?.toRow()

    fun list(userId: UUID): List<RuleRow> = db.selectFrom(r).where(r.USER_ID.eq(userId)).orderBy(r.NAME, r.ID).fetch { it.toRow() }

    fun insert(row: RuleRow) {
        db.insertInto(r).set(db.newRecord(r).apply { fill(row) }).execute()
    }

    /** The categories the rule's items name, replacing those it named (in the rule's transaction). */
    fun replaceCategories(userId: UUID, ruleId: UUID, categoryIds: Set<UUID>, replacing: Boolean) {
        if (replacing) db.deleteFrom(c).where(c.USER_ID.eq(userId), c.RULE_ID.eq(ruleId)).execute()
        if (categoryIds.isEmpty()) return
        db.insertInto(c, c.USER_ID, c.RULE_ID, c.CATEGORY_ID).apply { categoryIds.forEach { values(userId, ruleId, it) } }.execute()
    }

    fun update(row: RuleRow) {
        db.executeUpdate(db.newRecord(r).apply { fill(row) }, r.USER_ID.eq(row.userId).and(r.ID.eq(row.id)))
    }

    fun delete(userId: UUID, id: UUID): Boolean = db.deleteFrom(r).where(r.USER_ID.eq(userId), r.ID.eq(id)).execute() == 1

    /**
     * A page of every user's rules whose next occurrence is on or before [day], after the page
     * ending at [after]: the producer's sweep. Keyset paging, so a page of rules that are not yet
     * due in their users' zones never hides the due rules behind it.
     */
    fun dueBy(day: LocalDate, after: DueRule?, limit: Int): List<DueRule> =
        db.select(r.USER_ID.notNull(), r.ID.notNull(), r.NEXT_ON).from(r)
            .where(r.NEXT_ON.le(day))
            .and(after?.let { DSL.row(r.NEXT_ON, r.USER_ID, r.ID).gt(it.nextOn, it.userId, it.id) } ?: DSL.noCondition())
            .orderBy(r.NEXT_ON, r.USER_ID, r.ID).limit(limit)
            // next_on is null once a rule has ended; the condition on it leaves only rules that have one
            .fetch(Records.mapping { userId, id, nextOn -> DueRule(userId, id, nextOn!!) })

    /** The name of one of the user's rules (the first by name) that records into [accountId], or null. */
    fun nameUsingAccount(userId: UUID, accountId: UUID): String? = firstName(r.USER_ID.eq(userId).and(r.ACCOUNT_ID.eq(accountId)))

    fun nameUsingSeller(userId: UUID, sellerId: UUID): String? = firstName(r.USER_ID.eq(userId).and(r.SELLER_ID.eq(sellerId)))

    fun nameUsingCategory(userId: UUID, categoryId: UUID): String? = firstName(
        DSL.exists(DSL.selectOne().from(c).where(c.USER_ID.eq(r.USER_ID), c.RULE_ID.eq(r.ID), c.CATEGORY_ID.eq(categoryId))).and(r.USER_ID.eq(userId)),
    )

    private fun firstName(condition: Condition): String? = db.select(r.NAME).from(r).where(condition).orderBy(r.NAME, r.ID).limit(1).fetchOne(r.NAME)

    fun advance(userId: UUID, id: UUID, produced: Int, nextOn: LocalDate?) {
        db.update(r).set(r.PRODUCED_COUNT, produced).set(r.NEXT_ON, nextOn).where(r.USER_ID.eq(userId), r.ID.eq(id)).execute()
    }

    /** Records the occurrence; false when it already is (the key decides, whatever any server remembers). */
    fun recordOccurrence(userId: UUID, ruleId: UUID, day: LocalDate, transactionId: UUID, at: Instant, state: OccurrenceState): Boolean =
        db.insertInto(o).set(o.USER_ID, userId).set(o.RULE_ID, ruleId).set(o.OCCURS_ON, day).set(o.TRANSACTION_ID, transactionId)
            .set(o.CREATED_AT, at.atOffset(ZoneOffset.UTC)).set(o.STATE, state).onConflictDoNothing().execute() == 1

    /** One occurrence, locked when asked (a second confirmation waits here, then finds it recorded). */
    fun occurrence(userId: UUID, ruleId: UUID, day: LocalDate, lock: Boolean): OccurrenceRow? =
        db.select(occurrence).from(o).where(o.USER_ID.eq(userId), o.RULE_ID.eq(ruleId), o.OCCURS_ON.eq(day))
            .let { if (lock) it.forUpdate() else it }.fetchOne()?.value1()

    fun setState(userId: UUID, ruleId: UUID, day: LocalDate, state: OccurrenceState) {
        db.update(o).set(o.STATE, state).where(o.USER_ID.eq(userId), o.RULE_ID.eq(ruleId), o.OCCURS_ON.eq(day)).execute()
    }

    /** The user's pending occurrences with their rules, oldest first: one statement. */
    fun pending(userId: UUID, limit: Int): List<PendingRow> =
        db.select(o.RULE_ID.notNull(), o.OCCURS_ON.notNull(), r.NAME.notNull(), r.TEMPLATE.notNull()).from(o).join(r).on(r.USER_ID.eq(o.USER_ID), r.ID.eq(o.RULE_ID))
            .where(o.USER_ID.eq(userId), o.STATE.eq(OccurrenceState.PENDING)).orderBy(o.OCCURS_ON, r.NAME, o.RULE_ID).limit(limit)
            .fetch(Records.mapping(::PendingRow))

    fun pendingCount(userId: UUID): Int = db.fetchCount(o, o.USER_ID.eq(userId).and(o.STATE.eq(OccurrenceState.PENDING)))

    fun lastOccurrence(userId: UUID, ruleId: UUID): LocalDate? =
        db.select(DSL.max(o.OCCURS_ON)).from(o).where(o.USER_ID.eq(userId), o.RULE_ID.eq(ruleId)).fetchOne()?.value1()

    fun occurrences(userId: UUID, ruleId: UUID): List<OccurrenceView> =
        db.select(occurrence).from(o).where(o.USER_ID.eq(userId), o.RULE_ID.eq(ruleId))
            .orderBy(o.OCCURS_ON.desc()).fetch { it.value1().toView() }

    private fun RecurringRuleRecord.fill(row: RuleRow) {
        id = row.id; userId = row.userId; name = row.name; template = row.template; accountId = row.accountId; sellerId = row.sellerId
        everyN = row.schedule.every; unit = row.schedule.unit; dayOfMonth = row.schedule.dayOfMonth; lastDay = row.schedule.lastDay
        startOn = row.schedule.start; endOn = row.schedule.end; maxCount = row.schedule.count; action = row.action
        producedCount = row.produced; nextOn = row.nextOn
        createdAt = row.createdAt.atOffset(ZoneOffset.UTC); updatedAt = row.updatedAt.atOffset(ZoneOffset.UTC)
    }

    private fun RecurringRuleRecord.toRow() = RuleRow(
        id, userId, name, template, accountId, sellerId, Schedule(everyN, unit, startOn, dayOfMonth, get(r.LAST_DAY.notNull()), endOn, maxCount), action,
        get(r.PRODUCED_COUNT.notNull()), nextOn, get(r.CREATED_AT.notNull()).toInstant(), get(r.UPDATED_AT.notNull()).toInstant(),
    )
}

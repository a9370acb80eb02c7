package outlay.budgets

import org.jooq.DSLContext
import org.jooq.Records
import org.springframework.stereotype.Repository
import outlay.db.tables.references.BUDGET
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

/** A stored budget; [categoryId] null for the overall one. */
data class BudgetRow(val categoryId: UUID?, val amountMinor: Long, val currency: String)

@Repository
class BudgetRepository(private val db: DSLContext) {
    private val b = BUDGET

    fun list(userId: UUID): List<BudgetRow> =
        db.select(b.CATEGORY_ID, b.AMOUNT_MINOR, b.CURRENCY).from(b).where(b.USER_ID.eq(userId)).fetch(Records.mapping(::row))

    fun find(userId: UUID, categoryId: UUID?): BudgetRow? =
        db.select(b.CATEGORY_ID, b.AMOUNT_MINOR, b.CURRENCY).from(b).where(b.USER_ID.eq(userId), b.TARGET_ID.eq(target(categoryId)))
            .fetchOne(Records.mapping(::row))

    /** One statement whether or not the budget exists (MERGE on H2, ON CONFLICT on PostgreSQL): a retry sets the same amount. */
    fun save(userId: UUID, budget: BudgetRow, now: Instant) {
        val at = now.atOffset(ZoneOffset.UTC)
        db.insertInto(b)
            .set(b.USER_ID, userId).set(b.TARGET_ID, target(budget.categoryId)).set(b.CATEGORY_ID, budget.categoryId)
            .set(b.AMOUNT_MINOR, budget.amountMinor).set(b.CURRENCY, budget.currency).set(b.UPDATED_AT, at)
            .onConflict(b.USER_ID, b.TARGET_ID).doUpdate()
            .set(b.AMOUNT_MINOR, budget.amountMinor).set(b.CURRENCY, budget.currency).set(b.UPDATED_AT, at)
            .execute()
    }

    fun delete(userId: UUID, categoryId: UUID?): Boolean =
        db.deleteFrom(b).where(b.USER_ID.eq(userId), b.TARGET_ID.eq(target(categoryId))).execute() > 0

    private fun row(categoryId: UUID?, amount: Long?, currency: String?) = BudgetRow(categoryId, amount ?: 0, currency.orEmpty())

    /** The key column: the category, or the nil UUID for the overall budget (a key column cannot be null). */
    private fun target(categoryId: UUID?) = categoryId ?: OVERALL

    private companion object {
        val OVERALL = UUID(0, 0)
    }
}

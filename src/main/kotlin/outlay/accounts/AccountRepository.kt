package outlay.accounts

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.SelectFieldOrAsterisk
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.records.AccountRecord
import outlay.db.tables.references.ACCOUNT
import outlay.platform.NestedRows
import outlay.platform.StatementShapes
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class AccountRow(
    val id: UUID,
    val userId: UUID,
    val name: String,
    val currency: String,
    val institution: String?,
    val referenceNumber: String?,
    val archived: Boolean,
    val openingBalanceMinor: Long,
    val createdAt: Instant,
    val updatedAt: Instant,
)

@Repository
class AccountRepository(private val db: DSLContext, private val statements: StatementShapes) {

    fun list(userId: UUID, includeArchived: Boolean): List<AccountRow> =
        listed(ACCOUNT.fields().asList(), DSL.`val`(userId, ACCOUNT.USER_ID), includeArchived).fetch { it.into(ACCOUNT).toRow() }

    /** The caller's accounts in the order every list shows them, each row [fields] wide: the select behind both lists. */
    private fun listed(fields: List<SelectFieldOrAsterisk>, user: Field<UUID?>, includeArchived: Boolean) =
        db.select(fields).from(ACCOUNT)
            .where(ACCOUNT.USER_ID.eq(user))
            .and(if (includeArchived) DSL.noCondition() else ACCOUNT.ARCHIVED.isFalse)
            .orderBy(ACCOUNT.CREATED_AT, ACCOUNT.ID)

    /**
     * [list] with what moved on each account, from the column [moved] makes of the caller's id and the account's id (a
     * correlated subquery, whose values are the ones it is given). Rendered once per shape ([StatementShapes]).
     */
    fun listMoved(userId: UUID, includeArchived: Boolean, moved: (user: Field<UUID?>, account: Field<UUID?>) -> Field<Long?>): List<Pair<AccountRow, Long>> =
        statements.fetch(
            ListShape(includeArchived),
            { v -> v["user"] = userId },
            { s ->
                val user = s["user", ACCOUNT.USER_ID]
                listed(ACCOUNT.fields().asList<SelectFieldOrAsterisk>() + moved(user, ACCOUNT.ID).`as`(MOVED), user, includeArchived)
            },
        ) { r -> r.into(ACCOUNT).toRow() to (r.get(MOVED, Long::class.java) ?: 0L) }

    private data class ListShape(val includeArchived: Boolean) : StatementShapes.Shape

    private companion object {
        const val MOVED = "moved"
    }

    /** The caller's account [id]: the select behind [find]; [found] selects it by [mine] too. */
    private fun byId(userId: UUID, id: UUID) = DSL.selectFrom(ACCOUNT).where(mine(userId, id))

    private fun mine(userId: UUID, id: UUID) = mine(DSL.`val`(userId, ACCOUNT.USER_ID), DSL.`val`(id, ACCOUNT.ID))

    private fun mine(user: Field<UUID?>, id: Field<UUID?>) = ACCOUNT.USER_ID.eq(user).and(ACCOUNT.ID.eq(id))

    fun find(userId: UUID, id: UUID): AccountRow? = db.fetchOne(byId(userId, id))?.toRow()

    /**
     * [find] as a field of another statement (a subquery in the caller's own query) of the caller and account its
     * fields give (values, or a shape's slots), mapped by [map]: one conversion only, since jOOQ 3.21 cannot read a
     * multiset back through a converter chained onto another.
     */
    fun <T> found(user: Field<UUID?>, id: Field<UUID?>, map: (AccountRow?) -> T): Field<T> =
        DSL.multiset(DSL.select(NestedRows.columns(ACCOUNT)).from(ACCOUNT).where(mine(user, id)))
            .convertFrom { r -> map(r.firstOrNull()?.let { NestedRows.into(it) { db.newRecord(ACCOUNT) }.toRow() }) }

    /** The caller's accounts among [ids] (for validating references in one query). */
    fun findAll(userId: UUID, ids: Collection<UUID>): List<AccountRow> =
        if (ids.isEmpty()) emptyList()
        else db.selectFrom(ACCOUNT).where(ACCOUNT.USER_ID.eq(userId), ACCOUNT.ID.`in`(ids)).fetch { it.toRow() }

    fun insert(row: AccountRow) {
        db.newRecord(ACCOUNT).apply {
            id = row.id; userId = row.userId; name = row.name; currency = row.currency
            institution = row.institution; referenceNumber = row.referenceNumber; archived = row.archived
            openingBalanceMinor = row.openingBalanceMinor
            createdAt = row.createdAt.atOffset(ZoneOffset.UTC); updatedAt = row.updatedAt.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    fun update(row: AccountRow) {
        db.update(ACCOUNT)
            .set(ACCOUNT.NAME, row.name)
            .set(ACCOUNT.CURRENCY, row.currency)
            .set(ACCOUNT.INSTITUTION, row.institution)
            .set(ACCOUNT.REFERENCE_NUMBER, row.referenceNumber)
            .set(ACCOUNT.ARCHIVED, row.archived)
            .set(ACCOUNT.OPENING_BALANCE_MINOR, row.openingBalanceMinor)
            .set(ACCOUNT.UPDATED_AT, row.updatedAt.atOffset(ZoneOffset.UTC))
            .where(ACCOUNT.USER_ID.eq(row.userId), ACCOUNT.ID.eq(row.id))
            .execute()
    }

    fun delete(userId: UUID, id: UUID) {
        db.deleteFrom(ACCOUNT).where(ACCOUNT.USER_ID.eq(userId), ACCOUNT.ID.eq(id)).execute()
    }
}

private fun AccountRecord.toRow() =
    AccountRow(id, userId, name, currency, institution, referenceNumber, archived ?: false, openingBalanceMinor ?: 0, createdAt.toInstant(), updatedAt.toInstant())

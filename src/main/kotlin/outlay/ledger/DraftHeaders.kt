package outlay.ledger

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.TableField
import org.jooq.impl.DSL
import org.jooq.impl.SQLDataType
import org.springframework.stereotype.Repository
import outlay.db.tables.references.ACCOUNT
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.SELLER
import outlay.db.tables.references.SELLER_LOCATION
import outlay.platform.StatementShapes
import java.time.Instant
import java.time.LocalDate
import java.time.ZoneOffset
import java.util.UUID

/**
 * The draft's header row: its creation, its edits' lock and update. Each statement is rendered once per shape
 * ([StatementShapes]): a draft's edit runs one of them first, on every request of the flow that writes the draft.
 */
@Repository
class DraftHeaders(private val db: DSLContext, private val statements: StatementShapes) {
    /**
     * A new draft, unless the user has one (then null and nothing written): dated [date], an expense by card on the
     * user's first open account (in `GET /accounts`' order), if any. One statement, `INSERT … ON CONFLICT DO NOTHING
     * RETURNING` with the account's currency; a concurrent insert of the same user's draft is waited for, then conflicts.
     */
    fun insertIfNone(userId: UUID, id: UUID, date: LocalDate, at: Instant): DraftHeader? = statements.fetch(
        NewDraft,
        { v -> v[USER] = userId; v[ID] = id; v[DATE] = date; v[AT] = at.atOffset(ZoneOffset.UTC) },
        { s ->
            val first = ACCOUNT.`as`("first_account")
            val firstAccount = DSL.field(
                DSL.select(first.ID).from(first).where(first.USER_ID.eq(s[USER, first.USER_ID]), first.ARCHIVED.isFalse)
                    .orderBy(first.CREATED_AT, first.ID).limit(DSL.inline(1)),
            )
            val now = s[AT, DRAFT.CREATED_AT]
            db.insertInto(DRAFT)
                .set(DRAFT.USER_ID, s[USER, DRAFT.USER_ID]).set(DRAFT.ID, s[ID, DRAFT.ID]).set(DRAFT.ACCOUNT_ID, firstAccount)
                .set(DRAFT.DIRECTION, DSL.inline(Direction.EXPENSE, DRAFT.DIRECTION)).set(DRAFT.MODE, DSL.inline(Mode.CARD, DRAFT.MODE))
                .set(DRAFT.OCCURRED_ON, s[DATE, DRAFT.OCCURRED_ON]).set(DRAFT.CREATED_AT, now).set(DRAFT.UPDATED_AT, now)
                .onConflict(DRAFT.USER_ID).doNothing()
                .returningResult(*DRAFT.fields(), CURRENCY)
        },
    ) { it.toDraftHeader(it.get(CURRENCY)) }.firstOrNull()

    /** The draft with its account's currency; [lock] serialises concurrent edits and saves. */
    fun find(userId: UUID, lock: Boolean = false): DraftHeader? = statements.fetch(
        if (lock) Find.LOCKED else Find.PLAIN,
        { v -> v[USER] = userId },
        { s ->
            val query = db.select(*DRAFT.fields(), ACCOUNT.CURRENCY).from(DRAFT)
                .leftJoin(ACCOUNT).on(ACCOUNT.ID.eq(DRAFT.ACCOUNT_ID))
                .where(DRAFT.USER_ID.eq(s[USER, DRAFT.USER_ID]))
            if (lock) query.forUpdate().of(DRAFT) else query
        },
    ) { it.toDraftHeader(it.get(ACCOUNT.CURRENCY)) }.firstOrNull()

    /**
     * Writes the header fields of [e] (its items aside), which locks the draft until the transaction ends; returns it as stored (a time of day keeps
     * the precision its column has) without its currency, or null when there is no draft or, with [expectedUpdatedAt],
     * it was changed since that version (compared with the row as committed once the update has its lock).
     */
    fun updateHeader(userId: UUID, e: TransactionRequest, at: Instant, expectedUpdatedAt: Instant?): DraftHeader? = statements.fetch(
        HeaderUpdate(e.accountId != null, e.sellerId != null, e.sellerLocationId != null, expectedUpdatedAt != null),
        { v ->
            v[USER] = userId; v[ACCOUNT_ID] = e.accountId; v[SELLER_ID] = e.sellerId; v[LOCATION_ID] = e.sellerLocationId
            v[DIRECTION] = e.direction; v[MODE] = e.mode; v[DATE] = e.date; v[TIME] = e.time; v[NOTE] = e.note
            v[AT] = at.atOffset(ZoneOffset.UTC); v[EXPECTED] = expectedUpdatedAt?.atOffset(ZoneOffset.UTC)
        },
        { s ->
            val user = s[USER, DRAFT.USER_ID]
            // an id the request leaves out is a constant null in the text (the shape says which)
            fun given(id: UUID?, name: String, like: Field<UUID?>) = id?.let { s[name, like] }
            db.update(DRAFT)
                .set(DRAFT.ACCOUNT_ID, owned(ACCOUNT.ID, ACCOUNT.USER_ID, given(e.accountId, ACCOUNT_ID, DRAFT.ACCOUNT_ID), user))
                .set(DRAFT.DIRECTION, s[DIRECTION, DRAFT.DIRECTION]).set(DRAFT.MODE, s[MODE, DRAFT.MODE])
                .set(DRAFT.OCCURRED_ON, s[DATE, DRAFT.OCCURRED_ON]).set(DRAFT.OCCURRED_AT, s[TIME, DRAFT.OCCURRED_AT])
                .set(DRAFT.SELLER_ID, owned(SELLER.ID, SELLER.USER_ID, given(e.sellerId, SELLER_ID, DRAFT.SELLER_ID), user))
                .set(DRAFT.SELLER_LOCATION_ID, owned(SELLER_LOCATION.ID, SELLER_LOCATION.USER_ID, given(e.sellerLocationId, LOCATION_ID, DRAFT.SELLER_LOCATION_ID), user))
                .set(DRAFT.NOTE, s[NOTE, DRAFT.NOTE]).set(DRAFT.UPDATED_AT, s[AT, DRAFT.UPDATED_AT])
                .where(DRAFT.USER_ID.eq(user))
                .and(if (expectedUpdatedAt != null) DRAFT.UPDATED_AT.eq(s[EXPECTED, DRAFT.UPDATED_AT]) else DSL.noCondition())
                .returningResult(*DRAFT.fields())
        },
    ) { it.toDraftHeader(null) }.firstOrNull()

    /** Marks the draft changed, which also locks it; false when there is none. */
    fun touch(userId: UUID, at: Instant): Boolean = statements.fetch(
        Touch,
        { v -> v[USER] = userId; v[AT] = at.atOffset(ZoneOffset.UTC) },
        { s ->
            db.update(DRAFT).set(DRAFT.UPDATED_AT, s[AT, DRAFT.UPDATED_AT]).where(DRAFT.USER_ID.eq(s[USER, DRAFT.USER_ID]))
                .returningResult(DRAFT.USER_ID)
        },
    ) { it }.isNotEmpty()

    /**
     * [id] when it is one of the user's rows of its table, else null: the header's update runs before the checks
     * (it is the lock), so an unknown id must not fail it on its foreign key; the checks then refuse it (400)
     * and the update is rolled back.
     */
    private fun owned(idField: TableField<*, UUID?>, userField: TableField<*, UUID?>, id: Field<UUID?>?, userId: Field<UUID?>): Field<UUID?> =
        known(idField, id, userField.eq(userId))

    private data object NewDraft : StatementShapes.Shape
    private data object Touch : StatementShapes.Shape
    private enum class Find : StatementShapes.Shape { PLAIN, LOCKED }

    /** Which of the header's references a request names (a null one is written as a constant), and whether it names a version. */
    private data class HeaderUpdate(val account: Boolean, val seller: Boolean, val location: Boolean, val expected: Boolean) : StatementShapes.Shape

    private companion object {
        const val USER = "user"
        const val ID = "id"
        const val DATE = "date"
        const val TIME = "time"
        const val AT = "at"
        const val EXPECTED = "expected"
        const val ACCOUNT_ID = "account"
        const val SELLER_ID = "seller"
        const val LOCATION_ID = "location"
        const val DIRECTION = "direction"
        const val MODE = "mode"
        const val NOTE = "note"

        /** The currency of the draft's account, read back with a new draft. */
        val CURRENCY: Field<String?> =
            ACCOUNT.`as`("draft_account").let { a -> DSL.field(DSL.select(a.CURRENCY).from(a).where(a.ID.eq(DRAFT.ACCOUNT_ID))).`as`("currency") }
    }
}

/** [id] when a row of its table has it and meets [condition], else null (the same as none); a null [id] is none. */
internal fun known(idField: TableField<*, UUID?>, id: Field<UUID?>?, condition: Condition): Field<UUID?> =
    if (id == null) DSL.inline(null as UUID?, SQLDataType.UUID) else DSL.field(DSL.select(idField).from(idField.table).where(idField.eq(id), condition))

/** A draft's row (its columns named, so `into` finds each by identity) as a header, with the currency the caller read. */
internal fun Record.toDraftHeader(currency: String?) = into(DRAFT).let { d ->
    DraftHeader(
        d.id, d.userId, d.accountId, currency, d.direction, d.mode, d.occurredOn, d.occurredAt,
        d.sellerId, d.sellerLocationId, d.note, d.createdAt.toInstant(), d.updatedAt.toInstant(),
    )
}

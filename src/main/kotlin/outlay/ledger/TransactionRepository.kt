package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Query
import org.jooq.Record
import org.jooq.Records
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.platform.StatementShapes
import outlay.platform.notNull
import java.math.BigDecimal
import java.time.Instant
import java.time.LocalDate
import java.time.LocalTime
import java.time.ZoneOffset
import java.util.UUID

data class TransactionRow(
    val id: UUID,
    val userId: UUID,
    val accountId: UUID,
    val direction: Direction,
    val mode: Mode,
    val date: LocalDate,
    val time: LocalTime?,
    val sellerId: UUID?,
    val sellerLocationId: UUID?,
    val note: String?,
    val currency: String,
    val totalMinor: Long,
    val itemCount: Int,
    val idempotencyKey: String?,
    val idempotencyHash: String?,
    val createdAt: Instant,
    val updatedAt: Instant,
)

data class ItemRow(
    val id: UUID,
    val position: Int,
    val amountMinor: Long,
    val quantity: BigDecimal,
    val description: String?,
    val brand: String?,
    val variation: String?,
    val categoryId: UUID,
    val isReduction: Boolean,
)

data class KeyUse(val transactionId: UUID, val requestHash: String?)

/** Writes of saved transactions. Reads as views live in [TransactionQueries]. */
@Repository
class TransactionRepository(private val db: DSLContext) {

    /** The transaction an Idempotency-Key made, with the hash of the request that made it (null before it was stored). */
    fun forIdempotencyKey(userId: UUID, key: String): KeyUse? =
        db.selectFrom(TRANSACTIONS)
            .where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.IDEMPOTENCY_KEY.eq(key)).fetchOne { KeyUse(it.id, it.idempotencyHash) }

    /** [forIdempotencyKey] as [ShapedFields] of another statement, and [read] of it from that statement's row. */
    internal class KeyUseField(private val key: String) : ShapedFields {
        override val shape: Any get() = KeyUseShape

        override fun fill(values: StatementShapes.Values) {
            values[KEY] = key
        }

        override fun fields(user: Field<UUID?>, slots: StatementShapes.Slots): List<Field<*>> = listOf(
            DSL.multiset(
                DSL.select(TRANSACTIONS.ID.notNull(), TRANSACTIONS.IDEMPOTENCY_HASH).from(TRANSACTIONS)
                    .where(TRANSACTIONS.USER_ID.eq(user), TRANSACTIONS.IDEMPOTENCY_KEY.eq(slots[KEY, TRANSACTIONS.IDEMPOTENCY_KEY])),
            ).convertFrom { r -> r.map(Records.mapping(::KeyUse)).firstOrNull() }.`as`(KEY_USE),
        )

        fun read(row: Record): KeyUse? = row.get(KEY_USE) as KeyUse?

        private data object KeyUseShape

        private companion object {
            const val KEY = "idempotency_key"
            const val KEY_USE = "key_use"
        }
    }

    fun exists(userId: UUID, id: UUID): Boolean =
        db.fetchExists(TRANSACTIONS, TRANSACTIONS.USER_ID.eq(userId).and(TRANSACTIONS.ID.eq(id)))

    /** Locks the transaction's row; its (createdAt, updatedAt), or null when the user has no such transaction. */
    fun lock(userId: UUID, id: UUID): Pair<Instant, Instant>? =
        db.selectFrom(TRANSACTIONS)
            .where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.ID.eq(id)).forUpdate()
            .fetchOne { it.createdAt.toInstant() to it.updatedAt.toInstant() }

    /** The insert of [t], not yet run. */
    fun inserting(t: TransactionRow): Query = db.insertInto(TRANSACTIONS).set(record(t))

    /**
     * [insert], unless the user has a transaction with this id or Idempotency-Key already: then false and nothing written
     * (PostgreSQL's `ON CONFLICT DO NOTHING` without a target, so every unique index counts). An insert of the same key
     * by a transaction still open waits for it to end, so a concurrent retry finds the first create once it is committed.
     */
    fun insertIfAbsent(t: TransactionRow): Boolean =
        db.insertInto(TRANSACTIONS).set(record(t)).onConflictDoNothing().execute() == 1

    private fun record(t: TransactionRow) =
        db.newRecord(TRANSACTIONS).apply {
            id = t.id; userId = t.userId; accountId = t.accountId; direction = t.direction; mode = t.mode
            occurredOn = t.date; occurredAt = t.time; sellerId = t.sellerId; sellerLocationId = t.sellerLocationId
            note = t.note; currency = t.currency; totalMinor = t.totalMinor; itemCount = t.itemCount; idempotencyKey = t.idempotencyKey
            idempotencyHash = t.idempotencyHash
            createdAt = t.createdAt.atOffset(ZoneOffset.UTC); updatedAt = t.updatedAt.atOffset(ZoneOffset.UTC)
        }

    /** The update of [t]'s header, not yet run. */
    fun updating(t: TransactionRow): Query =
        db.update(TRANSACTIONS)
            .set(TRANSACTIONS.ACCOUNT_ID, t.accountId).set(TRANSACTIONS.DIRECTION, t.direction).set(TRANSACTIONS.MODE, t.mode)
            .set(TRANSACTIONS.OCCURRED_ON, t.date).set(TRANSACTIONS.OCCURRED_AT, t.time)
            .set(TRANSACTIONS.SELLER_ID, t.sellerId).set(TRANSACTIONS.SELLER_LOCATION_ID, t.sellerLocationId)
            .set(TRANSACTIONS.NOTE, t.note).set(TRANSACTIONS.CURRENCY, t.currency).set(TRANSACTIONS.TOTAL_MINOR, t.totalMinor)
            .set(TRANSACTIONS.ITEM_COUNT, t.itemCount)
            .set(TRANSACTIONS.UPDATED_AT, t.updatedAt.atOffset(ZoneOffset.UTC))
            .where(TRANSACTIONS.USER_ID.eq(t.userId), TRANSACTIONS.ID.eq(t.id))

    /**
     * The statements that make the transaction's items [items], not yet run, a constant number however many items:
     * the delete of those not in [items] (their images go with them), a multi-row insert of the new ones, and a
     * multi-row upsert of those in [existing] (the transaction's own, so it always takes its update path). A new id
     * another transaction of the user has already fails the insert, as a single insert would.
     */
    fun replacingItems(userId: UUID, transactionId: UUID, items: List<ItemRow>, existing: Set<UUID>): List<Query> {
        val i = TRANSACTION_ITEM
        val removed = db.deleteFrom(i).where(i.USER_ID.eq(userId), i.TRANSACTION_ID.eq(transactionId)).and(i.ID.notIn(items.map { it.id }))
        val (kept, added) = items.partition { it.id in existing }
        val updated = kept.takeIf { it.isNotEmpty() }?.let { rows ->
            itemsInsert(userId, transactionId, rows).onConflict(i.USER_ID, i.ID).doUpdate()
                .set(listOf(i.POSITION, i.AMOUNT_MINOR, i.QUANTITY, i.DESCRIPTION, i.BRAND, i.VARIATION, i.CATEGORY_ID, i.IS_REDUCTION).associateWith { DSL.excluded(it) })
        }
        return listOfNotNull(removed, insertingItems(userId, transactionId, added), updated)
    }

    /** The items of a new transaction, in one multi-row insert not yet run (none without items). */
    fun insertingItems(userId: UUID, transactionId: UUID, items: List<ItemRow>): Query? = items.takeIf { it.isNotEmpty() }?.let { itemsInsert(userId, transactionId, it) }

    private fun itemsInsert(userId: UUID, transactionId: UUID, items: List<ItemRow>) = TRANSACTION_ITEM.let { i ->
        db.insertInto(i, i.USER_ID, i.ID, i.TRANSACTION_ID, i.POSITION, i.AMOUNT_MINOR, i.QUANTITY, i.DESCRIPTION, i.BRAND, i.VARIATION, i.CATEGORY_ID, i.IS_REDUCTION)
            .valuesOfRows(
                items.map { DSL.row(userId, it.id, transactionId, it.position, it.amountMinor, it.quantity, it.description, it.brand, it.variation, it.categoryId, it.isReduction) },
            )
    }

    /** The ids of the transaction's items that are the caller's. */
    fun itemIds(userId: UUID, transactionId: UUID): Set<UUID> =
        db.selectFrom(TRANSACTION_ITEM)
            .where(TRANSACTION_ITEM.USER_ID.eq(userId), TRANSACTION_ITEM.TRANSACTION_ID.eq(transactionId))
            .fetchSet { it.id }

    /**
     * The copies of the draft's documents and item images onto the saved transaction, keeping their ids, not yet run;
     * the caller knows which it has.
     */
    fun copyingDraftAttachments(userId: UUID, transactionId: UUID, documents: Boolean, images: Boolean): List<Query> =
        listOfNotNull(copyingDraftDocuments(userId, transactionId).takeIf { documents }, copyingDraftImages(userId, transactionId).takeIf { images })

    private fun copyingDraftDocuments(userId: UUID, transactionId: UUID): Query =
        db.insertInto(
            TRANSACTION_DOCUMENT, TRANSACTION_DOCUMENT.ID, TRANSACTION_DOCUMENT.USER_ID, TRANSACTION_DOCUMENT.TRANSACTION_ID,
            TRANSACTION_DOCUMENT.FILE_ID, TRANSACTION_DOCUMENT.KIND, TRANSACTION_DOCUMENT.FILENAME, TRANSACTION_DOCUMENT.CREATED_AT,
        ).select(
            db.select(
                DRAFT_DOCUMENT.ID, DRAFT_DOCUMENT.USER_ID, DSL.`val`(transactionId), DRAFT_DOCUMENT.FILE_ID,
                DRAFT_DOCUMENT.KIND, DRAFT_DOCUMENT.FILENAME, DRAFT_DOCUMENT.CREATED_AT,
            ).from(DRAFT_DOCUMENT).where(DRAFT_DOCUMENT.USER_ID.eq(userId)),
        )

    private fun copyingDraftImages(userId: UUID, transactionId: UUID): Query =
        db.insertInto(
            ITEM_IMAGE, ITEM_IMAGE.ID, ITEM_IMAGE.USER_ID, ITEM_IMAGE.ITEM_ID, ITEM_IMAGE.TRANSACTION_ID,
            ITEM_IMAGE.FILE_ID, ITEM_IMAGE.FILENAME, ITEM_IMAGE.CREATED_AT,
        ).select(
            db.select(
                DRAFT_ITEM_IMAGE.ID, DRAFT_ITEM_IMAGE.USER_ID, DRAFT_ITEM_IMAGE.ITEM_ID, DSL.`val`(transactionId),
                DRAFT_ITEM_IMAGE.FILE_ID, DRAFT_ITEM_IMAGE.FILENAME, DRAFT_ITEM_IMAGE.CREATED_AT,
            ).from(DRAFT_ITEM_IMAGE).where(DRAFT_ITEM_IMAGE.USER_ID.eq(userId)),
        )

    fun delete(userId: UUID, id: UUID): Boolean =
        db.deleteFrom(TRANSACTIONS).where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.ID.eq(id)).execute() > 0
}

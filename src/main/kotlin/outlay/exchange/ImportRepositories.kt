package outlay.exchange

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.records.ImportUploadRecord
import outlay.db.tables.references.IMPORTED_ROW
import outlay.db.tables.references.IMPORT_UPLOAD
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class UploadRow(
    val id: UUID,
    val userId: UUID,
    val filename: String?,
    val sizeBytes: Long,
    val createdAt: Instant,
    /** Set once confirmed, with what it recorded. */
    val result: ImportResult?,
)

@Repository
class ImportUploadRepository(private val db: DSLContext) {
    private val u = IMPORT_UPLOAD

    fun insert(row: UploadRow) {
        db.insertInto(u).set(u.ID, row.id).set(u.USER_ID, row.userId).set(u.FILENAME, row.filename)
            .set(u.SIZE_BYTES, row.sizeBytes).set(u.CREATED_AT, row.createdAt.atOffset(ZoneOffset.UTC)).execute()
    }

    /** The upload, locked when [lock] (a confirmation serialises on it, so two confirms never both import). */
    fun find(userId: UUID, id: UUID, lock: Boolean = false): UploadRow? {
        val query = db.selectFrom(u).where(u.USER_ID.eq(userId), u.ID.eq(id))
        return (if (lock) query.forUpdate() else query).fetchOne()?.toRow()
    }

    private fun ImportUploadRecord.toRow() = UploadRow(
        id, userId, filename, sizeBytes, createdAt.toInstant(),
        accountId?.let { ImportResult(id, it, recordedCount ?: 0, duplicateCount ?: 0, skippedCount ?: 0) },
    )

    fun confirm(userId: UUID, result: ImportResult, at: Instant) {
        db.update(u).set(u.ACCOUNT_ID, result.accountId).set(u.CONFIRMED_AT, at.atOffset(ZoneOffset.UTC))
            .set(u.RECORDED_COUNT, result.recorded).set(u.DUPLICATE_COUNT, result.duplicates).set(u.SKIPPED_COUNT, result.skipped)
            .where(u.USER_ID.eq(userId), u.ID.eq(result.id)).execute()
    }

    /** Unconfirmed uploads created before [before], for the sweep. */
    fun stale(before: Instant, limit: Int): List<Pair<UUID, UUID>> =
        db.selectFrom(u).where(u.CONFIRMED_AT.isNull, u.CREATED_AT.lt(before.atOffset(ZoneOffset.UTC)))
            .limit(limit).fetch { it.userId to it.id }

    fun delete(userId: UUID, id: UUID) {
        db.deleteFrom(u).where(u.USER_ID.eq(userId), u.ID.eq(id)).execute()
    }
}

/** The keys of imported rows per account: a key found here is a duplicate. */
@Repository
class ImportedRowRepository(private val db: DSLContext) {
    private val r = IMPORTED_ROW

    /**
     * Which of [keys] the account has, in one query: a join on a VALUES list finds each key by the
     * primary key (user, account, key). An `IN` list does not on H2, which uses an index for `IN`
     * only on its first column, and so compared every row of the account with the whole list.
     */
    fun existing(userId: UUID, accountId: UUID, keys: Collection<String>): Set<String> {
        if (keys.isEmpty()) return emptySet()
        val wanted = DSL.values(*keys.distinct().map { DSL.row(it) }.toTypedArray()).`as`("wanted", "row_key")
        val key = wanted.field("row_key", String::class.java)!!
        return db.select(r.ROW_KEY).from(wanted).join(r).on(r.USER_ID.eq(userId), r.ACCOUNT_ID.eq(accountId), r.ROW_KEY.eq(key))
            .fetchSet(r.ROW_KEY).filterNotNull().toSet()
    }

    /** One multi-row insert per call. */
    fun insert(userId: UUID, accountId: UUID, keys: List<Pair<String, UUID>>) {
        if (keys.isEmpty()) return
        db.insertInto(r, r.USER_ID, r.ACCOUNT_ID, r.ROW_KEY, r.TRANSACTION_ID)
            .valuesOfRows(keys.map { (key, transaction) -> DSL.row(userId, accountId, key, transaction) })
            .execute()
    }
}

package outlay.documents

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record
import org.jooq.ResultQuery
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.STORED_FILE
import outlay.platform.StatementShapes
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class StoredFile(val id: UUID, val userId: UUID, val sha256: String, val sizeBytes: Long, val mediaType: String) {
    val key: String get() = "$userId/$sha256"
}

/** A file as a document or image link sees it: the link's id, and the file behind it. */
data class FileLink(val id: UUID, val file: StoredFile, val filename: String?, val kind: String?)

/**
 * A file's claim ([StoredFileRepository.claiming]) not yet run: the caller builds [query] from a shape's slots
 * ([StatementShapes]; its text is the same for every file) and runs it, alone or in one statement with a write that
 * takes the file's id, [id], with the values [fill] sets; it reads the file from the row that returns with [file].
 */
class FileClaim internal constructor(private val db: DSLContext, private val file: StoredFile, private val at: Instant) {
    val id: Field<UUID?> get() = STORED_FILE.ID

    fun fill(values: StatementShapes.Values) {
        values[ID] = file.id; values[USER] = file.userId; values[SHA256] = file.sha256
        values[SIZE] = file.sizeBytes; values[MEDIA_TYPE] = file.mediaType; values[AT] = at.atOffset(ZoneOffset.UTC)
    }

    /**
     * The caller's file with this content: the new one when there was none (inserted), else the row there is; locked
     * either way until the transaction ends, so the sweep cannot remove it meanwhile. An upsert whose update changes
     * nothing (`ON CONFLICT DO UPDATE`, a `MERGE` on H2) and returns the row.
     */
    fun query(s: StatementShapes.Slots): ResultQuery<out Record> {
        val f = STORED_FILE
        return db.insertInto(f)
            .set(f.ID, s[ID, f.ID]).set(f.USER_ID, s[USER, f.USER_ID]).set(f.SHA256, s[SHA256, f.SHA256])
            .set(f.SIZE_BYTES, s[SIZE, f.SIZE_BYTES]).set(f.MEDIA_TYPE, s[MEDIA_TYPE, f.MEDIA_TYPE]).set(f.CREATED_AT, s[AT, f.CREATED_AT])
            .onConflict(f.USER_ID, f.SHA256).doUpdate().set(f.MEDIA_TYPE, f.MEDIA_TYPE)
            .returning()
    }

    fun file(row: Record) = StoredFile(row.get(STORED_FILE.ID)!!, row.get(STORED_FILE.USER_ID)!!, row.get(STORED_FILE.SHA256)!!, row.get(STORED_FILE.SIZE_BYTES)!!, row.get(STORED_FILE.MEDIA_TYPE)!!)

    private companion object {
        // the values' names, apart from those of the statement the claim joins
        const val ID = "file_id"
        const val USER = "file_user"
        const val SHA256 = "file_sha256"
        const val SIZE = "file_size"
        const val MEDIA_TYPE = "file_media_type"
        const val AT = "file_at"
    }
}

@Repository
class StoredFileRepository(private val db: DSLContext) {

    /** Locks the row: an upload and the sweep never work on the same file at once. */
    fun findForUpdate(userId: UUID, sha256: String): StoredFile? =
        db.selectFrom(STORED_FILE).where(STORED_FILE.USER_ID.eq(userId), STORED_FILE.SHA256.eq(sha256)).forUpdate()
            .fetchOne { StoredFile(it.id, it.userId, it.sha256, it.sizeBytes, it.mediaType) }

    /** The caller's file with [file]'s content, claimed by a statement not yet run ([FileClaim]). */
    fun claiming(file: StoredFile, at: Instant): FileClaim = FileClaim(db, file, at)

    fun insert(file: StoredFile, at: Instant) {
        db.newRecord(STORED_FILE).apply {
            id = file.id; userId = file.userId; sha256 = file.sha256; sizeBytes = file.sizeBytes
            mediaType = file.mediaType; createdAt = at.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    /**
     * The next [limit] files created before [cutoff], after [after] in id order, locked: an
     * upload reusing one of them waits until the sweep has decided about it.
     */
    fun lockOlderThan(cutoff: Instant, after: UUID?, limit: Int): List<StoredFile> {
        val f = STORED_FILE
        return db.selectFrom(f)
            .where(f.CREATED_AT.lt(cutoff.atOffset(ZoneOffset.UTC)))
            .and(after?.let { f.ID.gt(it) } ?: DSL.noCondition())
            .orderBy(f.ID)
            .limit(limit)
            .forUpdate()
            .fetch { StoredFile(it.id, it.userId, it.sha256, it.sizeBytes, it.mediaType) }
    }

    fun delete(ids: Collection<UUID>) {
        if (ids.isNotEmpty()) db.deleteFrom(STORED_FILE).where(STORED_FILE.ID.`in`(ids)).execute()
    }

    /** Of the given keys' (user, sha256) pairs, those that have a row. */
    fun existingKeys(keys: Collection<Pair<UUID, String>>): Set<String> {
        if (keys.isEmpty()) return emptySet()
        return db.select(STORED_FILE.USER_ID, STORED_FILE.SHA256).from(STORED_FILE)
            .where(DSL.row(STORED_FILE.USER_ID, STORED_FILE.SHA256).`in`(keys.map { DSL.row(it.first, it.second) }))
            .fetch { "${it.value1()}/${it.value2()}" }.toSet()
    }
}

package outlay.documents

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.STORED_FILE
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class StoredFile(val id: UUID, val userId: UUID, val sha256: String, val sizeBytes: Long, val mediaType: String) {
    val key: String get() = "$userId/$sha256"
}

/** A file as a document or image link sees it: the link's id, and the file behind it. */
data class FileLink(val id: UUID, val file: StoredFile, val filename: String?, val kind: String?)

@Repository
class StoredFileRepository(private val db: DSLContext) {

    fun find(userId: UUID, sha256: String): StoredFile? =
        db.selectFrom(STORED_FILE).where(STORED_FILE.USER_ID.eq(userId), STORED_FILE.SHA256.eq(sha256))
            .fetchOne { StoredFile(it.id, it.userId, it.sha256, it.sizeBytes, it.mediaType) }

    /** Locks the row: an upload and the sweep never work on the same file at once. */
    fun findForUpdate(userId: UUID, sha256: String): StoredFile? =
        db.selectFrom(STORED_FILE).where(STORED_FILE.USER_ID.eq(userId), STORED_FILE.SHA256.eq(sha256)).forUpdate()
            .fetchOne { StoredFile(it.id, it.userId, it.sha256, it.sizeBytes, it.mediaType) }

    fun insert(file: StoredFile, at: Instant) {
        db.newRecord(STORED_FILE).apply {
            id = file.id; userId = file.userId; sha256 = file.sha256; sizeBytes = file.sizeBytes
            mediaType = file.mediaType; createdAt = at.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    /** The caller's document (saved or in the draft) with this link id. */
    fun document(userId: UUID, id: UUID): FileLink? =
        link(userId, id, TRANSACTION_DOCUMENT.ID, TRANSACTION_DOCUMENT.USER_ID, TRANSACTION_DOCUMENT.FILE_ID, TRANSACTION_DOCUMENT.FILENAME, TRANSACTION_DOCUMENT.KIND)
            ?: link(userId, id, DRAFT_DOCUMENT.ID, DRAFT_DOCUMENT.USER_ID, DRAFT_DOCUMENT.FILE_ID, DRAFT_DOCUMENT.FILENAME, DRAFT_DOCUMENT.KIND)

    /** The caller's item image (saved or in the draft) with this link id. */
    fun image(userId: UUID, id: UUID): FileLink? =
        link(userId, id, ITEM_IMAGE.ID, ITEM_IMAGE.USER_ID, ITEM_IMAGE.FILE_ID, ITEM_IMAGE.FILENAME, null)
            ?: link(userId, id, DRAFT_ITEM_IMAGE.ID, DRAFT_ITEM_IMAGE.USER_ID, DRAFT_ITEM_IMAGE.FILE_ID, DRAFT_ITEM_IMAGE.FILENAME, null)

    private fun link(
        userId: UUID, id: UUID,
        idField: org.jooq.TableField<*, UUID?>, userField: org.jooq.TableField<*, UUID?>, fileField: org.jooq.TableField<*, UUID?>,
        nameField: org.jooq.TableField<*, String?>, kindField: org.jooq.TableField<*, String?>?,
    ): FileLink? {
        val kind = kindField ?: DSL.inline(null as String?)
        return db.select(idField, nameField, kind, STORED_FILE.ID, STORED_FILE.USER_ID, STORED_FILE.SHA256, STORED_FILE.SIZE_BYTES, STORED_FILE.MEDIA_TYPE)
            .from(idField.table).join(STORED_FILE).on(STORED_FILE.ID.eq(fileField))
            .where(idField.eq(id), userField.eq(userId))
            .fetchOne { r ->
                FileLink(
                    r.get(idField)!!,
                    StoredFile(r.get(STORED_FILE.ID)!!, r.get(STORED_FILE.USER_ID)!!, r.get(STORED_FILE.SHA256)!!, r.get(STORED_FILE.SIZE_BYTES)!!, r.get(STORED_FILE.MEDIA_TYPE)!!),
                    r.get(nameField), r.get(kind),
                )
            }
    }

    /** Files nothing refers to any more, created before [cutoff], locked for deletion. */
    fun lockUnreferenced(cutoff: Instant, limit: Int): List<StoredFile> {
        val f = STORED_FILE
        return db.selectFrom(f)
            .where(f.CREATED_AT.lt(cutoff.atOffset(ZoneOffset.UTC)))
            .andNotExists(db.selectOne().from(DRAFT_DOCUMENT).where(DRAFT_DOCUMENT.FILE_ID.eq(f.ID)))
            .andNotExists(db.selectOne().from(DRAFT_ITEM_IMAGE).where(DRAFT_ITEM_IMAGE.FILE_ID.eq(f.ID)))
            .andNotExists(db.selectOne().from(TRANSACTION_DOCUMENT).where(TRANSACTION_DOCUMENT.FILE_ID.eq(f.ID)))
            .andNotExists(db.selectOne().from(ITEM_IMAGE).where(ITEM_IMAGE.FILE_ID.eq(f.ID)))
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

package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record1
import org.jooq.Select
import org.jooq.Table
import org.jooq.TableField
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.accounts.AccountUsage
import outlay.categories.CategoryUsage
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.STORED_FILE
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.documents.FileLink
import outlay.documents.FileLinks
import outlay.documents.StoredFile
import java.util.UUID

/**
 * The ledger's answers to the modules below it: whether an account or category is in use, and
 * which files its documents and images link to. These are the only queries of ledger tables
 * made on another module's behalf; the questions are declared by the asking modules
 * ([AccountUsage], [CategoryUsage], [FileLinks]) so that no module depends back on the ledger.
 */
@Repository
class LedgerReferences(private val db: DSLContext) : AccountUsage, CategoryUsage, FileLinks {

    override fun isAccountReferenced(userId: UUID, accountId: UUID): Boolean = db.fetchExists(
        db.selectOne().from(TRANSACTIONS).where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.ACCOUNT_ID.eq(accountId))
            .unionAll(db.selectOne().from(DRAFT).where(DRAFT.USER_ID.eq(userId), DRAFT.ACCOUNT_ID.eq(accountId))),
    )

    override fun isCategoryUsed(userId: UUID, categoryId: UUID): Boolean = db.fetchExists(
        db.selectOne().from(TRANSACTION_ITEM).where(TRANSACTION_ITEM.USER_ID.eq(userId), TRANSACTION_ITEM.CATEGORY_ID.eq(categoryId))
            .unionAll(db.selectOne().from(DRAFT_ITEM).where(DRAFT_ITEM.USER_ID.eq(userId), DRAFT_ITEM.CATEGORY_ID.eq(categoryId))),
    )

    override fun referencedFileIds(fileIds: Collection<UUID>): Set<UUID> {
        if (fileIds.isEmpty()) return emptySet()
        val links = listOf(
            DRAFT_DOCUMENT.FILE_ID, DRAFT_ITEM_IMAGE.FILE_ID, TRANSACTION_DOCUMENT.FILE_ID, ITEM_IMAGE.FILE_ID,
        ).map<TableField<*, UUID?>, Select<Record1<UUID?>>> { fileId -> db.selectDistinct(fileId).from(fileId.table).where(fileId.`in`(fileIds)) }
        return db.fetch(links.reduce { all, next -> all.union(next) }).map { it.value1()!! }.toSet()
    }

    override fun document(userId: UUID, id: UUID): FileLink? =
        link(userId, id, TRANSACTION_DOCUMENT.ID, TRANSACTION_DOCUMENT.USER_ID, TRANSACTION_DOCUMENT.FILE_ID, TRANSACTION_DOCUMENT.FILENAME, TRANSACTION_DOCUMENT.KIND)
            ?: link(userId, id, DRAFT_DOCUMENT.ID, DRAFT_DOCUMENT.USER_ID, DRAFT_DOCUMENT.FILE_ID, DRAFT_DOCUMENT.FILENAME, DRAFT_DOCUMENT.KIND)

    override fun image(userId: UUID, id: UUID): FileLink? =
        link(userId, id, ITEM_IMAGE.ID, ITEM_IMAGE.USER_ID, ITEM_IMAGE.FILE_ID, ITEM_IMAGE.FILENAME, null)
            ?: link(userId, id, DRAFT_ITEM_IMAGE.ID, DRAFT_ITEM_IMAGE.USER_ID, DRAFT_ITEM_IMAGE.FILE_ID, DRAFT_ITEM_IMAGE.FILENAME, null)

    private fun link(
        userId: UUID, id: UUID,
        idField: TableField<*, UUID?>, userField: TableField<*, UUID?>, fileField: TableField<*, UUID?>,
        nameField: TableField<*, String?>, kindField: TableField<*, String?>?,
    ): FileLink? {
        val kind: Field<String?> = kindField ?: DSL.inline(null as String?)
        val table: Table<*> = idField.table!!
        return db.select(idField, nameField, kind, STORED_FILE.ID, STORED_FILE.USER_ID, STORED_FILE.SHA256, STORED_FILE.SIZE_BYTES, STORED_FILE.MEDIA_TYPE)
            .from(table).join(STORED_FILE).on(STORED_FILE.ID.eq(fileField))
            .where(idField.eq(id), userField.eq(userId))
            .fetchOne { r ->
                FileLink(
                    r.get(idField)!!,
                    StoredFile(r.get(STORED_FILE.ID)!!, r.get(STORED_FILE.USER_ID)!!, r.get(STORED_FILE.SHA256)!!, r.get(STORED_FILE.SIZE_BYTES)!!, r.get(STORED_FILE.MEDIA_TYPE)!!),
                    r.get(nameField), r.get(kind),
                )
            }
    }
}

package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Record1
import org.jooq.Select
import org.jooq.TableField
import org.springframework.stereotype.Repository
import outlay.accounts.AccountUsage
import outlay.categories.CategoryUsage
import outlay.db.tables.records.StoredFileRecord
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import outlay.db.tables.references.ITEM_IMAGE
import outlay.db.tables.references.STORED_FILE
import outlay.db.tables.references.TRANSACTIONS
import outlay.db.tables.references.TRANSACTION_DOCUMENT
import outlay.db.tables.references.TRANSACTION_ITEM
import outlay.db.tables.references.TRANSFER
import outlay.documents.FileLink
import outlay.documents.FileLinks
import outlay.documents.StoredFile
import outlay.sellers.SellerUsage
import java.util.UUID

/**
 * The ledger's answers to the modules below it: whether an account or category is in use, and
 * which files its documents and images link to. These are the only queries of ledger tables
 * made on another module's behalf; the questions are declared by the asking modules
 * ([AccountUsage], [CategoryUsage], [SellerUsage], [FileLinks]) so that no module depends back on the ledger.
 */
@Repository
class LedgerReferences(private val db: DSLContext) : AccountUsage, CategoryUsage, SellerUsage, FileLinks {
    private companion object {
        const val LINKED = "file_id"
    }

    override fun isAccountReferenced(userId: UUID, accountId: UUID): Boolean = db.fetchExists(
        db.selectOne().from(TRANSACTIONS).where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.ACCOUNT_ID.eq(accountId))
            .unionAll(db.selectOne().from(DRAFT).where(DRAFT.USER_ID.eq(userId), DRAFT.ACCOUNT_ID.eq(accountId)))
            .unionAll(
                db.selectOne().from(TRANSFER)
                    .where(TRANSFER.USER_ID.eq(userId), TRANSFER.FROM_ACCOUNT_ID.eq(accountId).or(TRANSFER.TO_ACCOUNT_ID.eq(accountId))),
            ),
    )

    override fun isSellerReferenced(userId: UUID, sellerId: UUID): Boolean = db.fetchExists(
        db.selectOne().from(TRANSACTIONS).where(TRANSACTIONS.USER_ID.eq(userId), TRANSACTIONS.SELLER_ID.eq(sellerId))
            .unionAll(db.selectOne().from(DRAFT).where(DRAFT.USER_ID.eq(userId), DRAFT.SELLER_ID.eq(sellerId))),
    )

    override fun isCategoryUsed(userId: UUID, categoryId: UUID): Boolean = db.fetchExists(
        db.selectOne().from(TRANSACTION_ITEM).where(TRANSACTION_ITEM.USER_ID.eq(userId), TRANSACTION_ITEM.CATEGORY_ID.eq(categoryId))
            .unionAll(db.selectOne().from(DRAFT_ITEM).where(DRAFT_ITEM.USER_ID.eq(userId), DRAFT_ITEM.CATEGORY_ID.eq(categoryId))),
    )

    override fun referencedFileIds(fileIds: Collection<UUID>): Set<UUID> {
        if (fileIds.isEmpty()) return emptySet()
        val links = listOf(
            DRAFT_DOCUMENT.FILE_ID, DRAFT_ITEM_IMAGE.FILE_ID, TRANSACTION_DOCUMENT.FILE_ID, ITEM_IMAGE.FILE_ID,
        ).map<TableField<*, UUID?>, Select<Record1<UUID?>>> { fileId -> db.selectDistinct(fileId.`as`(LINKED)).from(fileId.table).where(fileId.`in`(fileIds)) }
        return db.fetch(links.reduce { all, next -> all.union(next) }).map { it.into(UUID::class.java) }.toSet()
    }

    override fun document(userId: UUID, id: UUID): FileLink? =
        db.select(*TRANSACTION_DOCUMENT.fields(), *STORED_FILE.fields())
            .from(TRANSACTION_DOCUMENT).join(STORED_FILE).on(STORED_FILE.ID.eq(TRANSACTION_DOCUMENT.FILE_ID))
            .where(TRANSACTION_DOCUMENT.ID.eq(id), TRANSACTION_DOCUMENT.USER_ID.eq(userId))
            .fetchOne { r -> r.into(TRANSACTION_DOCUMENT).let { FileLink(it.id, r.into(STORED_FILE).toStoredFile(), it.filename, it.kind.json) } }
            ?: db.select(*DRAFT_DOCUMENT.fields(), *STORED_FILE.fields())
                .from(DRAFT_DOCUMENT).join(STORED_FILE).on(STORED_FILE.ID.eq(DRAFT_DOCUMENT.FILE_ID))
                .where(DRAFT_DOCUMENT.ID.eq(id), DRAFT_DOCUMENT.USER_ID.eq(userId))
                .fetchOne { r -> r.into(DRAFT_DOCUMENT).let { FileLink(it.id, r.into(STORED_FILE).toStoredFile(), it.filename, it.kind.json) } }

    override fun image(userId: UUID, id: UUID): FileLink? =
        db.select(*ITEM_IMAGE.fields(), *STORED_FILE.fields())
            .from(ITEM_IMAGE).join(STORED_FILE).on(STORED_FILE.ID.eq(ITEM_IMAGE.FILE_ID))
            .where(ITEM_IMAGE.ID.eq(id), ITEM_IMAGE.USER_ID.eq(userId))
            .fetchOne { r -> r.into(ITEM_IMAGE).let { FileLink(it.id, r.into(STORED_FILE).toStoredFile(), it.filename, null) } }
            ?: db.select(*DRAFT_ITEM_IMAGE.fields(), *STORED_FILE.fields())
                .from(DRAFT_ITEM_IMAGE).join(STORED_FILE).on(STORED_FILE.ID.eq(DRAFT_ITEM_IMAGE.FILE_ID))
                .where(DRAFT_ITEM_IMAGE.ID.eq(id), DRAFT_ITEM_IMAGE.USER_ID.eq(userId))
                .fetchOne { r -> r.into(DRAFT_ITEM_IMAGE).let { FileLink(it.id, r.into(STORED_FILE).toStoredFile(), it.filename, null) } }

    private fun StoredFileRecord.toStoredFile() = StoredFile(id, userId, sha256, sizeBytes, mediaType)
}

package outlay.ledger

import org.jooq.Field
import org.jooq.Records
import org.jooq.impl.DSL
import outlay.categories.CategoryFields
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_DOCUMENT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.db.tables.references.DRAFT_ITEM_IMAGE
import outlay.db.tables.references.STORED_FILE
import outlay.platform.notNull

/** The draft's nested parts as `multiset` fields, correlated with [DRAFT]: a draft and all it holds read in one statement. */
internal object DraftFields {
    /** An item's photos, oldest first (correlated with [DRAFT_ITEM]). */
    val IMAGES: Field<List<FileView>> = DSL.multiset(
        DSL.select(DRAFT_ITEM_IMAGE.ID.notNull(), STORED_FILE.MEDIA_TYPE.notNull(), STORED_FILE.SIZE_BYTES.notNull(), DRAFT_ITEM_IMAGE.FILENAME)
            .from(DRAFT_ITEM_IMAGE).join(STORED_FILE).on(STORED_FILE.ID.eq(DRAFT_ITEM_IMAGE.FILE_ID))
            .where(DRAFT_ITEM_IMAGE.USER_ID.eq(DRAFT_ITEM.USER_ID), DRAFT_ITEM_IMAGE.ITEM_ID.eq(DRAFT_ITEM.ID))
            .orderBy(DRAFT_ITEM_IMAGE.CREATED_AT, DRAFT_ITEM_IMAGE.ID),
    ).convertFrom { r -> r.map(Records.mapping(FileView::image)) }

    /** The draft's items in their order, each with its category (if chosen) and photos (correlated with [DRAFT]). */
    val ITEMS: Field<List<Pair<DraftItemRow, List<FileView>>>> = DSL.multiset(
        DSL.select(
            DRAFT_ITEM.ID.notNull(), DRAFT_ITEM.POSITION.notNull(), DRAFT_ITEM.AMOUNT.notNull(), DRAFT_ITEM.QUANTITY.notNull(), DRAFT_ITEM.DESCRIPTION,
            DRAFT_ITEM.BRAND, DRAFT_ITEM.VARIATION, DRAFT_ITEM.CATEGORY_ID, CategoryFields.REF, DRAFT_ITEM.IS_REDUCTION.notNull(), IMAGES,
        )
            .from(DRAFT_ITEM).leftJoin(CATEGORY).on(CATEGORY.ID.eq(DRAFT_ITEM.CATEGORY_ID))
            .where(DRAFT_ITEM.USER_ID.eq(DRAFT.USER_ID))
            .orderBy(DRAFT_ITEM.POSITION, DRAFT_ITEM.ID),
    ).convertFrom { r ->
        r.map(
            Records.mapping { id, position, amount, quantity, description, brand, variation, categoryId, category, reduction, images ->
                DraftItemRow(id, position, amount, quantity, description, brand, variation, categoryId, category, reduction) to images
            },
        )
    }

    /** The draft's receipts and other documents, oldest first (correlated with [DRAFT]). */
    val DOCUMENTS: Field<List<DocumentView>> = DSL.multiset(
        DSL.select(DRAFT_DOCUMENT.ID.notNull(), DRAFT_DOCUMENT.KIND.notNull(), STORED_FILE.MEDIA_TYPE.notNull(), STORED_FILE.SIZE_BYTES.notNull(), DRAFT_DOCUMENT.FILENAME)
            .from(DRAFT_DOCUMENT).join(STORED_FILE).on(STORED_FILE.ID.eq(DRAFT_DOCUMENT.FILE_ID))
            .where(DRAFT_DOCUMENT.USER_ID.eq(DRAFT.USER_ID))
            .orderBy(DRAFT_DOCUMENT.CREATED_AT, DRAFT_DOCUMENT.ID),
    ).convertFrom { r -> r.map(Records.mapping { id, kind, mediaType, size, filename -> DocumentView(id, kind, mediaType, size, filename, "/documents/$id") }) }
}

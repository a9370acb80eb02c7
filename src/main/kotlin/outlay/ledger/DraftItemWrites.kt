package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Query
import org.jooq.impl.DSL
import outlay.categories.CategoryFields
import outlay.db.tables.references.CATEGORY
import outlay.db.tables.references.DRAFT_ITEM
import outlay.platform.StatementShapes
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

/**
 * What a draft's edit writes of its items, in the statement that reads the draft as it was
 * ([DraftRepository.readEditing]), built from a shape's slots ([StatementShapes]): the list that replaces the draft's
 * items, or one item put by its id. Either is one multi-row insert whose rows that exist already (the draft's primary
 * key, user and item id) update them instead, keeping their creation time. A category that is not the user's is
 * written as none, so the write cannot fail on its foreign key before the checks refuse it.
 */
internal sealed interface DraftItemWrites {
    /** What the writes' text depends on. */
    val shape: Any

    fun fill(values: StatementShapes.Values)

    fun build(db: DSLContext, user: Field<UUID?>, slots: StatementShapes.Slots): List<Query>

    /** The draft's items become [items], in their order, written [at]; the others are removed (their images go with them). */
    class Replace(private val items: List<DraftItemRow>, private val at: Instant) : DraftItemWrites {
        override val shape: Any = ReplaceShape(items.size)

        override fun fill(values: StatementShapes.Values) {
            // the ids name each row's id and, as one list, the items to keep
            values.list(ID, items.map { it.id })
            fillRows(values, items, at)
        }

        override fun build(db: DSLContext, user: Field<UUID?>, slots: StatementShapes.Slots): List<Query> {
            // one placeholder per id (the shape holds the count anyway): the statement's plan stays cached (StatementShapes.Slots.oneOf)
            val kept = if (items.isEmpty()) DSL.noCondition() else DSL.not(slots.oneOf(DRAFT_ITEM.ID, ID, items.size))
            val removing = db.deleteFrom(DRAFT_ITEM).where(DRAFT_ITEM.USER_ID.eq(user)).and(kept)
            return if (items.isEmpty()) listOf(removing) else listOf(removing, upsert(db, user, slots, items.size) { slots["$POSITION$it", DRAFT_ITEM.POSITION] })
        }
    }

    /** [item] at its own position when the draft has it, else after the last item ([item]'s position is ignored). */
    class Put(private val item: DraftItemRow, private val at: Instant) : DraftItemWrites {
        override val shape: Any = PutShape

        override fun fill(values: StatementShapes.Values) {
            values["${ID}0"] = item.id
            fillRows(values, listOf(item), at)
        }

        override fun build(db: DSLContext, user: Field<UUID?>, slots: StatementShapes.Slots): List<Query> = listOf(
            upsert(db, user, slots, 1) {
                val other = DRAFT_ITEM.`as`("other")
                DSL.coalesce(
                    DSL.field(DSL.select(other.POSITION).from(other).where(other.USER_ID.eq(user), other.ID.eq(slots["${ID}0", other.ID]))),
                    DSL.field(DSL.select(DSL.max(other.POSITION).plus(DSL.inline(1))).from(other).where(other.USER_ID.eq(user))),
                    DSL.inline(0),
                )
            },
        )
    }

    private data class ReplaceShape(val items: Int)

    private data object PutShape

    private companion object {
        const val ID = "item_id"
        const val POSITION = "item_position"
        const val AMOUNT = "item_amount"
        const val QUANTITY = "item_quantity"
        const val DESCRIPTION = "item_description"
        const val BRAND = "item_brand"
        const val VARIATION = "item_variation"
        const val CATEGORY_ID = "item_category"
        const val REDUCTION = "item_reduction"
        const val AT = "items_at"

        fun fillRows(values: StatementShapes.Values, items: List<DraftItemRow>, at: Instant) {
            values[AT] = at.atOffset(ZoneOffset.UTC)
            items.forEachIndexed { n, item ->
                values["$POSITION$n"] = item.position; values["$AMOUNT$n"] = item.amount; values["$QUANTITY$n"] = item.quantity
                values["$DESCRIPTION$n"] = item.description; values["$BRAND$n"] = item.brand; values["$VARIATION$n"] = item.variation
                values["$CATEGORY_ID$n"] = item.categoryId; values["$REDUCTION$n"] = item.isReduction
            }
        }

        /** The insert of [count] rows, each at the position [position] gives. */
        fun upsert(db: DSLContext, user: Field<UUID?>, s: StatementShapes.Slots, count: Int, position: (Int) -> Field<Int?>): Query {
            val i = DRAFT_ITEM
            val visible = CategoryFields.visibleTo(user)
            return db.insertInto(i, i.USER_ID, i.ID, i.POSITION, i.AMOUNT, i.QUANTITY, i.DESCRIPTION, i.BRAND, i.VARIATION, i.CATEGORY_ID, i.IS_REDUCTION, i.CREATED_AT)
                .valuesOfRows(
                    (0 until count).map { n ->
                        DSL.row(
                            user, s["$ID$n", i.ID], position(n), s["$AMOUNT$n", i.AMOUNT], s["$QUANTITY$n", i.QUANTITY],
                            s["$DESCRIPTION$n", i.DESCRIPTION], s["$BRAND$n", i.BRAND], s["$VARIATION$n", i.VARIATION],
                            // a row without a category looks for none and finds none: one text for either
                            known(CATEGORY.ID, s["$CATEGORY_ID$n", CATEGORY.ID], visible), s["$REDUCTION$n", i.IS_REDUCTION], s[AT, i.CREATED_AT],
                        )
                    },
                )
                .onConflict(i.USER_ID, i.ID).doUpdate()
                .set(listOf(i.POSITION, i.AMOUNT, i.QUANTITY, i.DESCRIPTION, i.BRAND, i.VARIATION, i.CATEGORY_ID, i.IS_REDUCTION).associateWith { DSL.excluded(it) })
        }
    }
}

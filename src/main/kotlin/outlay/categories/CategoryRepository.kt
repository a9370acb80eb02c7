package outlay.categories

import org.jooq.Condition
import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.Record1
import org.jooq.Select
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.Category
import outlay.db.tables.records.CategoryRecord
import outlay.db.tables.references.CATEGORY
import outlay.platform.NestedRows
import outlay.platform.StatementShapes
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class CategoryRow(
    val id: UUID,
    /** Null for built-in categories. */
    val userId: UUID?,
    val parentId: UUID?,
    val builtinKey: String?,
    val name: String,
    val icon: String,
    val archived: Boolean,
    val createdAt: Instant,
)

@Repository
class CategoryRepository(private val db: DSLContext, private val statements: StatementShapes) {
    private fun visibleTo(userId: UUID, c: Category = CATEGORY) = CategoryFields.visibleTo(DSL.`val`(userId, c.USER_ID), c)

    /** Rendered once per shape ([StatementShapes]). */
    fun list(userId: UUID, includeArchived: Boolean): List<CategoryRow> = statements.fetch(
        ListShape(includeArchived),
        { v -> v["user"] = userId },
        { s ->
            db.select(*CATEGORY.fields()).from(CATEGORY)
                .where(CategoryFields.visibleTo(s["user", CATEGORY.USER_ID]))
                .and(if (includeArchived) DSL.noCondition() else CATEGORY.ARCHIVED.isFalse)
                .orderBy(CATEGORY.USER_ID.nullsFirst(), CATEGORY.CREATED_AT, CATEGORY.ID)
        },
    ) { it.into(CATEGORY).toRow() }

    private data class ListShape(val includeArchived: Boolean) : StatementShapes.Shape

    /** The categories the caller may use among those [idCondition] names: the one select behind each read below. */
    private fun usable(userId: UUID, idCondition: Condition) = DSL.selectFrom(CATEGORY).where(idCondition).and(visibleTo(userId))

    /** [usable] for a `multiset` ([NestedRows]). */
    private fun usableNested(user: Field<UUID?>, idCondition: Condition) =
        DSL.select(NestedRows.columns(CATEGORY)).from(CATEGORY).where(idCondition).and(CategoryFields.visibleTo(user))

    fun find(userId: UUID, id: UUID): CategoryRow? = db.fetchOne(usable(userId, CATEGORY.ID.eq(id)))?.toRow()

    /** The ids of the categories among [ids] the caller may use and of their children, as a subquery of another statement. */
    fun withChildren(userId: UUID, ids: Collection<UUID>): Select<Record1<UUID?>> {
        val c = CATEGORY.`as`("usable") // the statement it goes into may join the categories itself
        return DSL.select(c.ID).from(c).where(visibleTo(userId, c)).and(c.ID.`in`(ids).or(c.PARENT_ID.`in`(ids)))
    }

    /** True in another statement when the caller may use every one of [ids] (an uncorrelated subquery: evaluated once). */
    fun allUsable(userId: UUID, ids: Collection<UUID>): Condition {
        val c = CATEGORY.`as`("asked")
        return DSL.field(DSL.selectCount().from(c).where(c.ID.`in`(ids)).and(visibleTo(userId, c))).eq(ids.toSet().size)
    }

    /** The categories among [ids] the caller may use (validates many references in one query). */
    fun findAll(userId: UUID, ids: Collection<UUID>): List<CategoryRow> =
        if (ids.isEmpty()) emptyList() else db.fetch(usable(userId, CATEGORY.ID.`in`(ids))).map { it.toRow() }

    /**
     * [findAll] as a field of another statement, of the caller its field gives, among the ids [ids] makes a condition
     * on (values or a subquery, or a shape's slots), each row mapped by [map] (one conversion only: jOOQ 3.21 cannot
     * read a multiset back through a converter chained onto another).
     */
    fun <T> foundAll(user: Field<UUID?>, ids: (Field<UUID?>) -> Condition, map: (CategoryRow) -> T): Field<List<T>> =
        DSL.multiset(usableNested(user, ids(CATEGORY.ID)))
            .convertFrom { r -> r.map { map(NestedRows.into(it) { db.newRecord(CATEGORY) }.toRow()) } }

    fun insert(row: CategoryRow) {
        db.newRecord(CATEGORY).apply {
            id = row.id; userId = row.userId; parentId = row.parentId; builtinKey = null
            name = row.name; icon = row.icon; archived = row.archived; createdAt = row.createdAt.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    fun update(userId: UUID, id: UUID, name: String, icon: String, archived: Boolean) {
        db.update(CATEGORY).set(CATEGORY.NAME, name).set(CATEGORY.ICON, icon).set(CATEGORY.ARCHIVED, archived)
            .where(CATEGORY.USER_ID.eq(userId), CATEGORY.ID.eq(id)).execute()
    }

    fun delete(userId: UUID, id: UUID) {
        db.deleteFrom(CATEGORY).where(CATEGORY.USER_ID.eq(userId), CATEGORY.ID.eq(id)).execute()
    }

    fun hasChildren(userId: UUID, id: UUID): Boolean =
        db.fetchExists(CATEGORY, CATEGORY.USER_ID.eq(userId).and(CATEGORY.PARENT_ID.eq(id)))
}

private fun CategoryRecord.toRow() = CategoryRow(id, userId, parentId, builtinKey, name, icon, archived ?: false, createdAt.toInstant())

package outlay.categories

import org.jooq.Condition
import org.jooq.Field
import org.jooq.Record1
import org.jooq.Select
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.ProblemType
import outlay.platform.Reads
import outlay.platform.ValidationException
import java.time.Clock
import java.util.UUID

@Service
class CategoryService(private val categories: CategoryRepository, private val usages: List<CategoryUsage>, private val clock: Clock) {

    @Reads
    fun list(userId: UUID, includeArchived: Boolean): List<CategoryView> = categories.list(userId, includeArchived).map { it.toView() }

    @Reads
    fun get(userId: UUID, id: UUID): CategoryView = find(userId, id).toView()

    /**
     * For other modules: [findAll] as a field they read with their own statement, of the caller its field gives,
     * among the ids [ids] makes a condition on (values or a subquery, or a shape's slots: [outlay.platform.StatementShapes]).
     */
    fun foundAll(user: Field<UUID?>, ids: (Field<UUID?>) -> Condition): Field<List<CategoryView>> = categories.foundAll(user, ids) { it.toView() }

    /**
     * For other modules' statements: the ids of the categories among [ids] the caller may use with their children
     * (a subquery), and the condition that the caller may use all of [ids]; together they check and widen a filter.
     */
    fun withChildren(userId: UUID, ids: Collection<UUID>): Select<Record1<UUID?>> = categories.withChildren(userId, ids)

    fun allUsable(userId: UUID, ids: Collection<UUID>): Condition = categories.allUsable(userId, ids)

    /** For other modules, inside their transaction: the categories among [ids] the caller may use, in one query. */
    fun findAll(userId: UUID, ids: Collection<UUID>): List<CategoryView> = categories.findAll(userId, ids).map { it.toView() }

    @Transactional
    fun create(userId: UUID, request: CategoryRequest): CategoryView {
        request.parentId?.let { parentId ->
            val parent = categories.find(userId, parentId) ?: throw ValidationException("parentId", "is not one of your categories")
            if (parent.parentId != null) throw ValidationException("parentId", "is itself a child; categories nest one level deep")
        }
        val row = CategoryRow(Ids.next(), userId, request.parentId, null, request.name.trim(), request.icon, false, clock.instant())
        categories.insert(row)
        return row.toView()
    }

    @Transactional
    fun update(userId: UUID, id: UUID, request: CategoryRequest): CategoryView {
        val current = ownOrFail(userId, id)
        if (request.parentId != null && request.parentId != current.parentId) {
            throw ValidationException("parentId", "cannot change; create a new category instead")
        }
        categories.update(userId, id, request.name.trim(), request.icon, request.archived)
        return current.copy(name = request.name.trim(), icon = request.icon, archived = request.archived).toView()
    }

    @Transactional
    fun delete(userId: UUID, id: UUID) {
        ownOrFail(userId, id)
        // an archived category still records (a rule's items keep it), a deleted one could not
        usages.firstNotNullOfOrNull { it.categoryNeededBy(userId, id) }?.let {
            throw ApiException(HttpStatus.CONFLICT, ProblemType.CATEGORY_IN_USE, "The category is used by $it; archive it instead, or change the rule first.")
        }
        if (categories.hasChildren(userId, id) || usages.any { it.isCategoryUsed(userId, id) }) {
            throw ApiException(
                HttpStatus.CONFLICT, ProblemType.CATEGORY_IN_USE,
                "The category is used by items or has child categories; archive it instead.",
            )
        }
        categories.delete(userId, id)
    }

    private fun find(userId: UUID, id: UUID) = categories.find(userId, id) ?: throw NotFoundException("Category not found.")

    private fun ownOrFail(userId: UUID, id: UUID): CategoryRow {
        val row = find(userId, id)
        if (row.userId == null) {
            throw ApiException(HttpStatus.CONFLICT, ProblemType.BUILT_IN_CATEGORY, "Built-in categories cannot be changed or deleted.")
        }
        return row
    }
}

package outlay.ledger

import org.jooq.Field
import org.jooq.Record
import org.jooq.Record1
import org.jooq.Select
import org.springframework.stereotype.Component
import outlay.accounts.AccountService
import outlay.accounts.AccountView
import outlay.categories.CategoryService
import outlay.categories.CategoryView
import outlay.db.tables.references.ACCOUNT
import outlay.platform.Checks
import outlay.platform.StatementShapes
import outlay.sellers.SellerService
import java.util.UUID

/**
 * Checks that every id a draft or transaction refers to is the caller's (or a built-in
 * category), with one query per kind of reference, or none when the caller reads them with a
 * statement of its own ([Shaped]). Another user's id reads as unknown. The answers come from
 * the owning modules' services, never from their tables.
 */
@Component
class References(
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
    private val statements: StatementShapes,
) {
    /** What [check] found: the account when it is valid, and the items' categories that are the caller's, by id. */
    data class Found(val account: AccountView?, val categories: Map<UUID, CategoryView>)

    /** What [Shaped] lookups read. */
    data class Read(val account: AccountView?, val categories: List<CategoryView>)

    /**
     * The lookups of [accountId] and of the categories [categoryIds] (or, with [selected], those whose ids it selects
     * for the caller: a subquery of the statement that carries them) as [ShapedFields]; [read] takes what they found
     * from a row of that statement.
     */
    internal inner class Shaped private constructor(
        private val accountId: UUID?,
        private val categoryIds: Set<UUID>,
        private val selected: ((Field<UUID?>) -> Select<out Record1<UUID?>>)?,
    ) : ShapedFields {
        constructor(accountId: UUID?, categoryIds: Set<UUID>) : this(accountId, categoryIds, null)
        constructor(accountId: UUID?, selected: (Field<UUID?>) -> Select<out Record1<UUID?>>) : this(accountId, emptySet(), selected)

        override val shape = LookupShape(accountId != null, selected != null || categoryIds.isNotEmpty(), categoryIds.size, selected != null)

        override fun fill(values: StatementShapes.Values) {
            values[LOOKUP_ACCOUNT] = accountId
            values.list(LOOKUP_CATEGORIES, categoryIds)
        }

        // named: a statement rendered once per shape holds the fields of its first build, and [read] finds them by name
        override fun fields(user: Field<UUID?>, slots: StatementShapes.Slots): List<Field<*>> = listOfNotNull(
            if (shape.account) accounts.found(user, slots[LOOKUP_ACCOUNT, ACCOUNT.ID]).`as`(FOUND_ACCOUNT) else null,
            when {
                selected != null -> categories.foundAll(user) { id -> id.`in`(selected(user)) }
                // one placeholder per category, not an array: the draft edits' plan stays cached (StatementShapes.Slots.oneOf)
                shape.categories -> categories.foundAll(user) { id -> slots.oneOf(id, LOOKUP_CATEGORIES, categoryIds.size) }
                else -> null
            }?.`as`(FOUND_CATEGORIES),
        )

        /** What these lookups found in [row]. */
        fun read(row: Record): Read {
            @Suppress("UNCHECKED_CAST") // the values as the fields' converters made them
            val found = if (shape.categories) row.get(FOUND_CATEGORIES) as List<CategoryView> else emptyList()
            return Read(if (shape.account) row.get(FOUND_ACCOUNT) as AccountView? else null, found)
        }
    }

    /** What the text of [Shaped]'s lookups depends on. */
    data class LookupShape(val account: Boolean, val categories: Boolean, val categoryCount: Int, val selected: Boolean)

    /** Adds field errors to [checks]; returns what it read (or took from [read]), so that callers need not read it again. */
    fun check(userId: UUID, request: TransactionRequest, items: List<ItemRequest>, checks: Checks, read: Read? = null): Found {
        val account = request.accountId?.let { id ->
            val row = if (read != null) read.account?.takeIf { it.id == id } else accounts.find(userId, id)
            checks.check(row != null, "accountId", "is not one of your accounts")
            checks.check(row == null || !row.archived, "accountId", "is archived")
            row
        }
        if (request.sellerId != null) {
            checks.check(sellers.exists(userId, request.sellerId), "sellerId", "is not one of your sellers")
        }
        if (request.sellerLocationId != null) {
            val ok = request.sellerId != null && sellers.hasLocation(userId, request.sellerId, request.sellerLocationId)
            checks.check(ok, "sellerLocationId", "is not a location of the given seller")
        }
        val categories = checkCategories(userId, items, checks, read)
        return Found(account?.takeUnless { it.archived }, categories)
    }

    /** The caller's account, or null. */
    fun account(userId: UUID, id: UUID): AccountView? = accounts.find(userId, id)

    /** Adds field errors to [checks]; returns the items' categories that are the caller's (or built-in), by id. */
    fun checkCategories(
        userId: UUID, items: List<ItemRequest>, checks: Checks, read: Read? = null, fieldPrefix: (Int) -> String = { "items[$it]." },
    ): Map<UUID, CategoryView> {
        val wanted = items.mapNotNull { it.categoryId }.toSet()
        if (wanted.isEmpty()) return emptyMap()
        val known = (read?.categories ?: categories.findAll(userId, wanted)).filter { it.id in wanted }.associateBy { it.id }
        items.forEachIndexed { i, item ->
            if (item.categoryId != null && item.categoryId !in known) checks.fail("${fieldPrefix(i)}categoryId", "is not one of your categories")
        }
        return known
    }

    private companion object {
        const val FOUND_ACCOUNT = "found_account"
        const val FOUND_CATEGORIES = "found_categories"
        const val LOOKUP_ACCOUNT = "lookup_account"
        const val LOOKUP_CATEGORIES = "lookup_category"
    }
}

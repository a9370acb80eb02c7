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
 * statement of its own ([Lookups]). Another user's id reads as unknown. The answers come from
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

    /**
     * The account and categories [check] reads, as fields the caller adds to a statement of its own (after its
     * lock, so they are as fresh as [check]'s own reads would be); [check] then takes them from that statement's [row].
     */
    class Lookups internal constructor(account: Field<AccountView?>?, categories: Field<List<CategoryView>>?) {
        // named: a statement rendered once per shape holds the fields of its first build, and [Shaped.read] finds them by name
        private val account = account?.`as`(FOUND_ACCOUNT)
        private val categories = categories?.`as`(FOUND_CATEGORIES)

        val fields: List<Field<*>> get() = listOfNotNull(account, categories)

        /** These lookups as read in [row]. */
        fun read(row: Record) = Read(account?.let { row.get(it) }, categories?.let { row.get(it) }.orEmpty())
    }

    /** What [Lookups] read. */
    data class Read(val account: AccountView?, val categories: List<CategoryView>)

    /**
     * The lookups of [accountId] and of the categories [categoryIds] for a statement rendered once per shape
     * ([StatementShapes]): [shape] is what its text depends on, [fill] sets its values and [lookups] builds the fields
     * from a build's slots; the rows read with [lookups] of any build of the shape.
     */
    inner class Shaped(private val accountId: UUID?, private val categoryIds: Set<UUID>) {
        val shape = LookupShape(accountId != null, categoryIds.isNotEmpty(), statements.sizeInShape(categoryIds.size))

        fun fill(values: StatementShapes.Values) {
            values[LOOKUP_ACCOUNT] = accountId
            values.list(LOOKUP_CATEGORIES, categoryIds)
        }

        fun lookups(user: Field<UUID?>, slots: StatementShapes.Slots) = Lookups(
            if (shape.account) accounts.found(user, slots[LOOKUP_ACCOUNT, ACCOUNT.ID]) else null,
            if (shape.categories) categories.foundAll(user) { id -> slots.anyOf(id, LOOKUP_CATEGORIES, categoryIds.size) } else null,
        )

        /** What these lookups read in [row], a row of the statement with the [lookups] of any build of this shape. */
        fun read(row: Record): Read {
            @Suppress("UNCHECKED_CAST") // the values as the fields' converters made them
            val found = if (shape.categories) row.get(FOUND_CATEGORIES) as List<CategoryView> else emptyList()
            return Read(if (shape.account) row.get(FOUND_ACCOUNT) as AccountView? else null, found)
        }
    }

    /** What the text of [Shaped]'s lookups depends on. */
    data class LookupShape(val account: Boolean, val categories: Boolean, val categoriesInShape: Int)

    /** The lookups of [accountId] and of the categories whose ids [categoryIds] selects (a subquery of the caller's). */
    fun lookups(userId: UUID, accountId: UUID?, categoryIds: Select<out Record1<UUID?>>) =
        Lookups(accountId?.let { accounts.found(userId, it) }, categories.foundAll(userId, categoryIds))

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

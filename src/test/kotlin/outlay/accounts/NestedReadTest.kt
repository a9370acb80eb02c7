package outlay.accounts

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.categories.CategoryRepository
import outlay.db.tables.references.ACCOUNT
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertNotNull

/**
 * An account and categories read as nested rows of another statement (the draft's and the save's checks,
 * `platform/NestedRows`) are the rows their own reads give, timestamps to the microsecond, on either database.
 */
class NestedReadTest : ApiTest() {
    @Autowired
    private lateinit var db: DSLContext

    @Autowired
    private lateinit var accounts: AccountRepository

    @Autowired
    private lateinit var categories: CategoryRepository

    @Test
    fun `an account and categories read inside another statement equal their own reads`() {
        val me = Ledger(api)
        val id = UUID.fromString(me.account("Main", "EUR"))
        val custom = UUID.fromString(me.post("/categories", mapOf("name" to "Groceries", "icon" to "shopping_cart", "parentId" to Fixtures.FOOD)).text("id"))
        val userId = db.select(ACCOUNT.USER_ID).from(ACCOUNT).where(ACCOUNT.ID.eq(id)).fetchSingle().value1()!!

        val account = db.select(accounts.found(DSL.`val`(userId), DSL.`val`(id)) { it }).fetchSingle().value1()
        assertNotNull(account)
        assertEquals(accounts.find(userId, id), account)

        val ids = listOf(UUID.fromString(Fixtures.FOOD), custom)
        val nested = db.select(categories.foundAll(DSL.`val`(userId), { it.`in`(ids) }) { it }).fetchSingle().value1()
        assertEquals(categories.findAll(userId, ids).sortedBy { it.id }, nested.sortedBy { it.id })
        assertEquals(2, nested.size)
    }
}

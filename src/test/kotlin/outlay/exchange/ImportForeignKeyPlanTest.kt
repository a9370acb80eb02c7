package outlay.exchange

import org.jooq.DSLContext
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.support.ApiTest
import outlay.support.TestDatabase
import kotlin.test.assertTrue

/**
 * The foreign-key check an import runs for every item and imported row it inserts
 * ("user_id = $1 and id = $2" on transactions, as PostgreSQL's RI trigger plans it once per
 * connection) takes the primary key even when it is planned while the table is empty and never
 * analysed, as in an import into a new ledger. When the unique index on (user_id,
 * idempotency_key) held every row, it cost the same there and won: each check then read all of
 * the user's transactions, and a 100,000-row import ran for more than 8 minutes.
 */
class ImportForeignKeyPlanTest : ApiTest() {
    @Autowired
    private lateinit var db: DSLContext

    @Test
    fun `the foreign-key check on transactions uses the primary key when planned on an empty table`() {
        // H2 checks a foreign key through the referenced key's own index: there is no plan to choose
        assumeTrue(TestDatabase.kind == "postgresql", "a PostgreSQL planner choice")
        val plan = db.transactionResult { configuration ->
            val tx = configuration.dsl()
            // a copy of transactions' columns and indexes, empty and never analysed, like a new instance's table
            tx.execute("create temp table empty_transactions (like transactions including indexes) on commit drop")
            tx.execute("set local plan_cache_mode = force_generic_plan")
            tx.execute("prepare import_fk_check(uuid, uuid) as select 1 from only empty_transactions x where user_id = \$1 and id = \$2 for key share of x")
            try {
                tx.fetch("explain execute import_fk_check(gen_random_uuid(), gen_random_uuid())").map { it.get(0, String::class.java) }.joinToString("\n")
            } finally {
                tx.execute("deallocate import_fk_check")
            }
        }
        assertTrue("Index Scan using empty_transactions_pkey" in plan && "Filter" !in plan, plan)
    }
}

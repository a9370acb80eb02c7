package outlay.recurring

import com.zaxxer.hikari.HikariDataSource
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.datasource.DriverManagerDataSource
import outlay.recurring.RecurringApiTest.Companion.rentRule
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import outlay.support.Ledger.Companion.ok
import outlay.support.Migrations
import java.util.UUID
import javax.sql.DataSource
import kotlin.test.assertEquals

/**
 * V26 fills the rules' reference columns from the templates of rules saved before it, on the
 * database the suite runs on: a schema of its own is migrated to V24, given rules as the server
 * wrote them, then migrated to V26.
 */
class RuleReferencesMigrationTest : ApiTest() {
    @Autowired
    private lateinit var dataSource: DataSource

    @Test
    fun `V26 reads each rule's account, seller and categories from its template, leaving what no longer exists empty`() {
        val me = Ledger(api)
        val account = me.account()
        val seller = ok(me.post("/sellers", mapOf("name" to "Landlord")), 201).text("id")
        val category = ok(me.post("/categories", mapOf("name" to "Flat", "icon" to "home")), 201).text("id")
        fun item(category: String) = mapOf("amount" to "1.00", "categoryId" to category)
        val items = listOf(item(category), item(Fixtures.RENT), item(category))
        val rule = ok(me.post("/recurring-rules", rentRule(account, "sellerId" to seller, "items" to items)), 201).text("id")
        val user = ok(me.get("/me")).text("id")

        // the server's own database (the test's URL property makes a new one each time it is read), on connections of its own
        val pool = dataSource.unwrap(HikariDataSource::class.java)
        val source = DriverManagerDataSource(pool.jdbcUrl, pool.username ?: "", pool.password ?: "")
        val jdbc = JdbcTemplate(source)
        val vendor = source.connection.use { it.metaData.databaseProductName }.lowercase()
        val schema = "v24_" + UUID.randomUUID().toString().replace("-", "").take(8)
        // the versioned migrations, as a database made before the baseline (B34) went through them
        fun flyway(target: String) = Migrations.versionedOnly(source, vendor).schemas(schema).createSchemas(true).target(target).load()
        try {
            flyway("24").migrate()
            val ruleColumns = "id, user_id, name, template, every_n, unit, day_of_month, last_day, start_on, end_on, max_count, action, produced_count, next_on, created_at, updated_at"
            jdbc.update("insert into $schema.users select * from users where id = ?", UUID.fromString(user))
            for (table in listOf("account", "seller", "category")) jdbc.update("insert into $schema.$table select * from $table where user_id = ?", UUID.fromString(user))
            jdbc.update("insert into $schema.recurring_rule ($ruleColumns) select $ruleColumns from recurring_rule where id = ?", UUID.fromString(rule))
            // a rule whose account and category were deleted under it (what V25 stops): it keeps its seller only
            val broken = UUID.randomUUID()
            val template = jdbc.queryForObject("select template from recurring_rule where id = ?", String::class.java, UUID.fromString(rule))!!
                .replace(account, UUID.randomUUID().toString()).replace(category, UUID.randomUUID().toString()).replace(Fixtures.RENT, UUID.randomUUID().toString())
            jdbc.update(
                "insert into $schema.recurring_rule ($ruleColumns) select ?, ${ruleColumns.substringAfter("id, ").replace("template", "?")} from recurring_rule where id = ?",
                broken, template, UUID.fromString(rule),
            )
            flyway("26").migrate()

            fun references(id: UUID) = jdbc.queryForMap("select account_id, seller_id from $schema.recurring_rule where id = ?", id).values.map { it?.toString() } to
                jdbc.queryForList("select category_id from $schema.recurring_rule_category where rule_id = ?", UUID::class.java, id).map { it.toString() }.toSet()
            assertEquals(listOf(account, seller) to setOf(category, Fixtures.RENT), references(UUID.fromString(rule)))
            assertEquals(listOf(null, seller) to emptySet(), references(broken))
        } finally {
            jdbc.execute("drop schema $schema cascade")
        }
    }
}

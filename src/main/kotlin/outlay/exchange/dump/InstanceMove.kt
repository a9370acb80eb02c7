package outlay.exchange.dump

import org.jooq.DSLContext
import org.jooq.Query
import org.jooq.SQLDialect
import org.jooq.impl.DSL
import org.slf4j.LoggerFactory
import org.springframework.boot.ApplicationArguments
import org.springframework.boot.ApplicationRunner
import org.springframework.boot.ExitCodeGenerator
import org.springframework.boot.SpringApplication
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.context.ApplicationContext
import org.springframework.jdbc.datasource.DriverManagerDataSource
import org.springframework.stereotype.Component
import outlay.platform.ServerMigrations
import javax.sql.DataSource
import kotlin.system.exitProcess

/**
 * Copies a whole instance — every row of every table, all users — from this server's database
 * (the embedded H2 file, typically) into an empty, freshly migrated one (PostgreSQL), in one
 * transaction on the target, then compares the row count of every table. Files stay where they
 * are: the data directory's `files/` serves the new database unchanged.
 */
object InstanceCopy {
    private val log = LoggerFactory.getLogger(InstanceCopy::class.java)

    data class Copied(val table: String, val rows: Int)

    /** Migrates [target] to the same schema, then copies; refuses a target that already has users. */
    fun copy(source: DSLContext, target: DataSource, targetUrl: String): List<Copied> {
        val vendor = ServerMigrations.vendor(targetUrl)
        ServerMigrations.flyway(target, vendor).failOnMissingLocations(false).load().migrate()
        val to = DSL.using(target, if (vendor == "postgresql") SQLDialect.POSTGRES else SQLDialect.H2)
        val from = Tables(source)
        val into = Tables(to)
        return to.transactionResult { tx ->
            val db = tx.dsl()
            if (db.fetchCount(into.table("users")) > 0) error("The target database already has users; a move needs an empty one.")
            from.ordered.map { table ->
                val targetTable = into.table(table.name)
                // the built-in categories come with the migration, identical on both sides
                val condition = if (table.name.equals("category", ignoreCase = true)) from.field(table, "user_id").isNotNull else DSL.noCondition()
                var rows = 0
                val batch = ArrayList<Query>()
                source.selectFrom(table).where(condition).orderBy(from.orderRows(table)).fetchSize(1000).fetchLazy().use { cursor ->
                    for (record in cursor) {
                        batch += db.insertInto(targetTable).set(targetTable.fields().associateWith { f -> record.get(f.name) })
                        rows++
                        if (batch.size == 1000) { db.batch(batch).execute(); batch.clear() }
                    }
                }
                if (batch.isNotEmpty()) db.batch(batch).execute()
                val copied = db.fetchCount(targetTable, if (table.name.equals("category", ignoreCase = true)) into.field(targetTable, "user_id").isNotNull else DSL.noCondition())
                check(copied == rows) { "${table.name}: $rows rows read, $copied in the target" }
                log.info("moved {}: {} rows", table.name, rows)
                Copied(table.name.lowercase(), rows)
            }
        }
    }
}

/** The setting that makes a start an instance move, and so decides which beans exist (outlay/BuildTimeGraph.kt). */
const val MOVE_TARGET_URL_PROPERTY = "outlay.move.target-url"

/** `--outlay.move.target-url=jdbc:postgresql://…` runs [InstanceCopy] and exits (scripts/move-to-postgresql.sh). */
@Component
@ConditionalOnProperty(MOVE_TARGET_URL_PROPERTY)
class InstanceMoveRunner(private val db: DSLContext, private val context: ApplicationContext) : ApplicationRunner {
    private val log = LoggerFactory.getLogger(javaClass)

    override fun run(args: ApplicationArguments) {
        val env = context.environment
        val url = env.getRequiredProperty(MOVE_TARGET_URL_PROPERTY)
        val target = DriverManagerDataSource(url, env.getProperty("outlay.move.target-user", "outlay"), env.getProperty("outlay.move.target-password", ""))
        val code = try {
            val copied = InstanceCopy.copy(db, target, url)
            log.info("Moved {} rows in {} tables to {}", copied.sumOf { it.rows }, copied.size, url)
            0
        } catch (e: Exception) {
            log.error("The move failed; the target database was left as it was: {}", e.message)
            1
        }
        exitProcess(SpringApplication.exit(context, ExitCodeGenerator { code }))
    }
}

package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.jdbc.core.JdbcTemplate
import org.springframework.jdbc.datasource.DriverManagerDataSource
import outlay.support.Migrations
import outlay.support.TestDatabase
import java.nio.file.Files
import java.nio.file.Path
import java.util.UUID
import java.util.concurrent.TimeUnit
import javax.sql.DataSource
import kotlin.io.path.name
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * A new database is made by the baseline migration (`B<version>__baseline.sql`, one script) and the
 * versioned migrations after it; a database made before it by every versioned migration. Both must be
 * the same database, on the database the suite runs on: its schema, its constraints and indexes by
 * name, and the rows the migrations seed, as the database's own dump (H2's SCRIPT, PostgreSQL's
 * pg_dump) writes them.
 *
 * `OUTLAY_WRITE_BASELINE=1` writes the baseline from the versioned migrations up to its version (the
 * dump, normalised as [dump] does) instead of failing: after a change to a migration at or below it,
 * or to move the baseline up to a later version (rename the file first).
 */
class BaselineMigrationTest {
    private val vendor = if (TestDatabase.kind == "postgresql") "postgresql" else "h2"
    private val folder = Path.of("src/main/resources/db/migration", vendor)
    private val baseline: Path = Files.list(folder).use { files -> files.filter { it.name.matches(BASELINE) }.toList() }.single()
    private val version = BASELINE.matchEntire(baseline.name)!!.groupValues[1]

    @Test
    fun `a new database made from the baseline is the one the versioned migrations make`() {
        withDatabases { versioned, fromBaseline ->
            // every versioned migration up to the baseline's version, the baseline not recognised as one
            val applied = Migrations.versionedOnly(versioned, vendor).target(version).load().migrate()
            assertTrue(applied.migrations.all { it.type == "SQL" }, "only versioned migrations: ${applied.migrations.map { it.version }}")
            val expected = dump(versioned)
            if (System.getenv("OUTLAY_WRITE_BASELINE") == "1") Files.writeString(baseline, HEADER.format(version) + expected)
            assertEquals(expected.trim(), Files.readString(baseline).lines().dropWhile { it.startsWith("--") || it.isBlank() }.joinToString("\n").trim(),
                "$baseline is not what V1-V$version make: write it again with OUTLAY_WRITE_BASELINE=1 (class comment)")

            // then both brought to the latest version: the baseline on the empty one, the versioned ones after it on both
            flyway(versioned).load().migrate()
            val made = flyway(fromBaseline).load().migrate()
            assertEquals("BASELINE" to version, made.migrations.first().let { it.type.substringAfter("SQL_") to it.version },
                "a new database starts from the baseline")
            // and each starts again as it is (a restart: Flyway validates the migrations it did not run, and runs none)
            for (source in listOf(versioned, fromBaseline)) assertEquals(0, flyway(source).load().migrate().migrationsExecuted)

            // The same statements. On PostgreSQL in the same order too: its indexes in the order they were made, which
            // decides the planner's ties. H2's dump orders foreign keys by when they were made, which differs between
            // the two ways: compared as sets there.
            fun statements(source: DataSource) = dump(source).split(";\n").map(::withoutCasts).let { if (vendor == "h2") it.sorted() else it }
            assertEquals(statements(versioned), statements(fromBaseline))
        }
    }

    private fun flyway(source: DataSource) = ServerMigrations.flyway(source, vendor)

    /** Two empty databases of the suite's kind, dropped afterwards. */
    private fun withDatabases(test: (DataSource, DataSource) -> Unit) {
        val names = List(2) { "baseline_" + UUID.randomUUID().toString().replace("-", "").take(12) }
        if (vendor == "h2") {
            val sources = names.map(::h2)
            try {
                return test(sources[0], sources[1])
            } finally {
                // in-memory databases kept open (DB_CLOSE_DELAY=-1) until the suite's JVM exits otherwise
                for (source in sources) JdbcTemplate(source).execute("shutdown")
            }
        }
        val admin = JdbcTemplate(postgres(null))
        names.forEach { admin.execute("create database $it") }
        try {
            test(postgres(names[0]), postgres(names[1]))
        } finally {
            names.forEach { admin.execute("drop database if exists $it with (force)") }
        }
    }

    private fun h2(name: String) = DriverManagerDataSource(TestDatabase.h2Url(name), "sa", "")

    private val pgUrl = System.getenv("OUTLAY_TEST_PG_URL") ?: ""
    private val pgUser = System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay"

    private fun postgres(database: String?) =
        DriverManagerDataSource(if (database == null) pgUrl else pgUrl.substringBeforeLast('/') + "/" + database, pgUser, "")

    /**
     * The database's own dump of its schema and rows, without Flyway's history table, the settings and
     * comments of the dump, and the schema's name (the migrations name none: they run in the connection's
     * schema).
     */
    private fun dump(source: DataSource): String {
        val statements = if (vendor == "h2") {
            JdbcTemplate(source).queryForList("script nopasswords nosettings", String::class.java).filterNotNull()
                .filterNot { it.startsWith("--") || it.startsWith("CREATE USER") }
                // a table in memory or on disk is the database's choice (an embedded file database keeps them on disk)
                .map { it.removeSuffix(";").replace("\"public\".", "").replace(TABLE_KIND, "CREATE TABLE") }
        } else {
            val dumped = pgDump(source).split(";\n").map { statement -> statement.lines().filterNot { it.startsWith("--") || it.isBlank() }.joinToString("\n") }
                .filterNot { it.isBlank() || it.startsWith("SET ") || it.startsWith("SELECT pg_catalog.set_config") || it.startsWith("\\") }
                .map { it.replace(PUBLIC, "").replace(" WITH SCHEMA public", "") }
            inCreationOrder(source, dumped)
        }
        return statements.filterNot { it.contains("flyway_schema_history") }.joinToString(";\n", postfix = ";\n")
    }

    /**
     * The statements that make an index (`CREATE INDEX`, and the primary keys and unique constraints that bring
     * their own) in the order the database made them (their OIDs), in the places pg_dump gave them. pg_dump sorts
     * them by name; PostgreSQL's planner, when two indexes cost the same, takes the one made first, and a baseline
     * in pg_dump's order made an import's foreign-key check on a new ledger take the wrong index
     * (ImportForeignKeyPlanTest: the primary key of transactions made after the index that ties with it).
     */
    private fun inCreationOrder(source: DataSource, statements: List<String>): List<String> {
        val made = JdbcTemplate(source).query(
            "select c.relname, c.oid::bigint from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind = 'i'",
        ) { row, _ -> row.getString(1) to row.getLong(2) }.toMap()
        fun index(statement: String) = INDEX_MADE.find(statement)?.groupValues?.drop(1)?.first { it.isNotEmpty() }
        val places = statements.indices.filter { index(statements[it]) != null }
        val ordered = places.map { statements[it] }.sortedBy { made[index(it)] ?: error("no index ${index(it)} in the database") }
        return statements.toMutableList().apply { places.forEachIndexed { i, place -> set(place, ordered[i]) } }
    }

    /**
     * A check constraint without its casts and parentheses: PostgreSQL writes `x in ('a', 'b')` back as
     * `(x)::text = ANY ((ARRAY['a'::character varying, ...])::text[])`, and that, parsed again, as
     * `... ANY (ARRAY[('a'::character varying)::text, ...])`: the same test, written two ways.
     */
    private fun withoutCasts(statement: String) = statement.lines().joinToString("\n") { line ->
        if ("CHECK" in line) line.replace(CAST, "").replace("(", "").replace(")", "") else line
    }

    private fun pgDump(source: DataSource): String {
        val database = (source as DriverManagerDataSource).url!!.substringAfterLast('/')
        val (host, port) = pgUrl.substringAfter("//").substringBefore('/').split(':').let { it[0] to (it.getOrNull(1) ?: "5432") }
        val bin = System.getenv("OUTLAY_PG_BIN")?.let { "$it/pg_dump" } ?: "pg_dump"
        val process = ProcessBuilder(
            bin, "--no-owner", "--no-privileges", "--no-comments", "--inserts", "--exclude-table=flyway_schema_history",
            "-h", host, "-p", port, "-U", pgUser, database,
        ).redirectError(ProcessBuilder.Redirect.INHERIT).start()
        val text = process.inputStream.bufferedReader().readText()
        check(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0) { "pg_dump failed" }
        // pg_dump's \restrict line carries a random key each run
        return text.lines().filterNot { it.startsWith("\\restrict") || it.startsWith("\\unrestrict") }.joinToString("\n")
    }

    private companion object {
        val BASELINE = Regex("B(\\d+)__baseline\\.sql")
        val INDEX_MADE = Regex("^CREATE (?:UNIQUE )?INDEX (\\S+) ON|^ALTER TABLE ONLY \\S+\\s+ADD CONSTRAINT (\\S+) (?:PRIMARY KEY|UNIQUE|EXCLUDE)")
        val CAST = Regex("::[a-z ]+(\\[])?")
        val TABLE_KIND = Regex("^CREATE (MEMORY|CACHED) TABLE")
        val PUBLIC = Regex("(?<![A-Za-z0-9_\"])public\\.")
        val HEADER = """
            |-- The schema and seeded rows that V1-V%1${'$'}s make, in one script: Flyway runs it instead of them on an empty
            |-- database (a new installation), then the versioned migrations after it. Written by BaselineMigrationTest from
            |-- the versioned migrations, and checked by it on every run: never edited by hand; a change is a new migration.
            |
        """.trimMargin()
    }
}

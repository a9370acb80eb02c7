package outlay.exchange

import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.boot.web.server.context.WebServerApplicationContext
import org.springframework.context.ConfigurableApplicationContext
import outlay.OutlayApplication
import outlay.support.Api
import outlay.support.TestDatabase
import java.nio.file.Files
import java.sql.DriverManager
import java.util.UUID

/**
 * A second Outlay server on the other database: PostgreSQL when the suite runs on H2, H2 when
 * it runs on PostgreSQL, so a move is always between the two. The PostgreSQL one gets a fresh
 * database of its own on the suite's server.
 */
class OtherInstance(
    private val shareDataDir: java.nio.file.Path? = null,
    val kind: String = if (TestDatabase.kind == "h2") "postgresql" else "h2",
) : AutoCloseable {
    val url: String = if (kind == "h2") TestDatabase.h2Url("other-" + UUID.randomUUID()) else freshPostgres()
    val user: String = if (kind == "h2") "sa" else pgUser
    val password: String = if (kind == "h2") "" else pgPassword
    private val ownDataDir = if (shareDataDir == null) Files.createTempDirectory("outlay-other-instance").toFile() else null
    private val dataDir = shareDataDir?.toString() ?: ownDataDir.toString()
    private var context: ConfigurableApplicationContext? = null

    /** Starts the server on [url]; its API is [api]. */
    fun start(): Api {
        val started = SpringApplicationBuilder(OutlayApplication::class.java).run(
            "--server.port=0", "--spring.datasource.url=$url", "--spring.datasource.username=$user",
            "--spring.datasource.password=$password", "--outlay.data-dir=$dataDir",
            "--outlay.auth.password-hash.cost=6", "--outlay.auth.rate-limit.per-ip.capacity=1000000",
            "--spring.servlet.multipart.max-file-size=20MB", "--spring.servlet.multipart.max-request-size=21MB",
        )
        context = started
        return Api("http://127.0.0.1:${(started as WebServerApplicationContext).webServer?.port ?: error("no web server")}")
    }

    override fun close() {
        context?.close()
        ownDataDir?.deleteRecursively()
    }

    companion object {
        private val pgUrl get() = System.getenv("OUTLAY_TEST_PG_URL") ?: error("moving to PostgreSQL needs OUTLAY_TEST_PG_URL (scripts/test.sh sets it)")
        private val pgUser get() = System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay"
        private val pgPassword get() = System.getenv("OUTLAY_TEST_PG_PASSWORD") ?: ""

        /** A new, empty database on the suite's PostgreSQL server. */
        fun freshPostgres(): String {
            val name = "outlay_move_" + UUID.randomUUID().toString().replace("-", "").take(12)
            DriverManager.getConnection(pgUrl, pgUser, pgPassword).use { it.createStatement().execute("create database $name") }
            return pgUrl.substringBeforeLast('/') + "/" + name
        }
    }
}

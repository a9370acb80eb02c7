package outlay.platform

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.context.ConfigurableApplicationContext
import outlay.OutlayApplication
import outlay.support.Api
import outlay.support.TestDatabase
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The default start-up: a data directory created on first start, and a signing key that survives restarts. */
class RestartTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `tokens issued before a restart stay valid after it`() {
        val dataDir = dir.resolve("data")
        val (kid, session) = start(dataDir).use { app ->
            val api = api(app)
            api.get("/.well-known/jwks.json").json.path("keys").first().path("kid").asString() to api.newSession()
        }
        if (TestDatabase.kind == "h2") assertTrue(Files.exists(dataDir.resolve("outlay.mv.db")), "H2 file not created in the data directory")
        start(dataDir).use { app ->
            val api = api(app)
            assertEquals(kid, api.get("/.well-known/jwks.json").json.path("keys").first().path("kid").asString())
            assertEquals(200, api.get("/me", session.accessToken).status)
            assertEquals(200, api.post("/auth/refresh", mapOf("refreshToken" to session.refreshToken)).status)
        }
    }

    private fun start(dataDir: Path): ConfigurableApplicationContext {
        val props = mutableListOf("server.port=0", "outlay.data-dir=$dataDir", "outlay.auth.password-hash.cost=6")
        if (TestDatabase.kind == "postgresql") {
            props += "spring.datasource.url=${System.getenv("OUTLAY_TEST_PG_URL")}"
            props += "spring.datasource.username=${System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay"}"
        }
        return SpringApplicationBuilder(OutlayApplication::class.java).run(*props.map { "--$it" }.toTypedArray())
    }

    private fun api(app: ConfigurableApplicationContext) = Api("http://127.0.0.1:${app.environment.getProperty("local.server.port")}")
}

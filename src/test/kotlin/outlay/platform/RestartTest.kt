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
    fun `tokens and drafts survive a restart`() {
        val dataDir = dir.resolve("data")
        val item = java.util.UUID.randomUUID()
        val (kid, session) = start(dataDir).use { app ->
            val api = api(app)
            val me = outlay.support.Ledger(api)
            me.account()
            me.newDraft()
            me.putItem(item, "7.25", outlay.support.Fixtures.FOOD, "description" to "kept")
            me.upload("/transactions/draft/documents", outlay.support.Fixtures.PDF)
            api.get("/.well-known/jwks.json").json.path("keys").first().path("kid").asString() to me.session
        }
        if (TestDatabase.kind == "h2") assertTrue(Files.exists(dataDir.resolve("outlay.mv.db")), "H2 file not created in the data directory")
        start(dataDir).use { app ->
            val api = api(app)
            assertEquals(kid, api.get("/.well-known/jwks.json").json.path("keys").first().path("kid").asString())
            assertEquals(200, api.get("/me", session.accessToken).status)
            val draft = api.get("/transactions/draft", session.accessToken).json
            assertEquals(item.toString(), draft.path("items").first().path("id").asString())
            assertEquals("7.25", draft.path("items").first().path("amount").asString())
            val document = draft.path("documents").first().path("url").asString()
            assertEquals(200, api.get(document, session.accessToken).status, "stored files survive too")
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

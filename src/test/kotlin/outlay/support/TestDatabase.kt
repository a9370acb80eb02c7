package outlay.support

import org.springframework.test.context.DynamicPropertyRegistry
import java.util.UUID

/**
 * Which database the suite runs on: `-Doutlay.test.database=h2` (embedded, the default) or
 * `postgresql` (the server scripts/test.sh starts). PostgreSQL without a server is a failure,
 * never a skip.
 */
object TestDatabase {
    val kind: String = System.getProperty("outlay.test.database", "h2")

    fun register(registry: DynamicPropertyRegistry) {
        when (kind) {
            "h2" -> registry.add("spring.datasource.url") { h2Url("outlay-" + UUID.randomUUID()) }
            "postgresql" -> {
                val url = System.getenv("OUTLAY_TEST_PG_URL")
                    ?: error("PostgreSQL tests need OUTLAY_TEST_PG_URL (scripts/test.sh starts a server and sets it)")
                registry.add("spring.datasource.url") { url }
                registry.add("spring.datasource.username") { System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay" }
                registry.add("spring.datasource.password") { System.getenv("OUTLAY_TEST_PG_PASSWORD") ?: "" }
            }
            else -> error("Unknown outlay.test.database '$kind'")
        }
    }

    fun h2Url(name: String) = "jdbc:h2:mem:$name;MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;LOCK_TIMEOUT=10000;DB_CLOSE_DELAY=-1"
}

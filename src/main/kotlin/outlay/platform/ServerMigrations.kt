package outlay.platform

import org.flywaydb.core.Flyway
import org.flywaydb.core.api.configuration.FluentConfiguration
import javax.sql.DataSource

/**
 * Flyway over the server's migrations for a database of [vendor] ("h2" or "postgresql"): the ones both
 * databases share, then the vendor's own. The server's start reads the same list from application.yaml
 * (`spring.flyway.locations`, its `{vendor}` filled in by Spring Boot); this serves what migrates a database
 * outside the start (an instance's move to another database, the tests of the migrations).
 */
object ServerMigrations {
    fun flyway(source: DataSource, vendor: String): FluentConfiguration =
        Flyway.configure().dataSource(source).locations("classpath:db/migration/common", "classpath:db/migration/$vendor")

    /** The vendor's name in the migrations' folders for a JDBC [url]. */
    fun vendor(url: String): String = if (url.startsWith("jdbc:postgresql")) "postgresql" else "h2"
}

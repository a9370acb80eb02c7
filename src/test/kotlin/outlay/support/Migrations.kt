package outlay.support

import org.flywaydb.core.api.configuration.FluentConfiguration
import outlay.platform.ServerMigrations
import javax.sql.DataSource

/** Flyway over the server's migrations for a database of [vendor] ("h2" or "postgresql"), as the server runs them. */
object Migrations {
    fun flyway(source: DataSource, vendor: String): FluentConfiguration = ServerMigrations.flyway(source, vendor)

    /**
     * Only the versioned migrations, as a database made before the baseline migration (`B<version>__baseline.sql`)
     * went through them: Flyway applies a baseline to an empty schema whatever the target, so it is switched off by
     * a prefix no file has.
     */
    fun versionedOnly(source: DataSource, vendor: String): FluentConfiguration =
        flyway(source, vendor).configuration(mapOf("flyway.baselineMigrationPrefix" to "not-a-baseline-"))
}

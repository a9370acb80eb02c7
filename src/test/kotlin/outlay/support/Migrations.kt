package outlay.support

import org.flywaydb.core.api.configuration.FluentConfiguration
import outlay.platform.ServerMigrations
import javax.sql.DataSource

/** The server's migrations as a database made before the baseline migration went through them. */
object Migrations {
    /**
     * Only the versioned migrations, as a database made before the baseline migration (`B<version>__baseline.sql`)
     * went through them: Flyway applies a baseline to an empty schema whatever the target, so it is switched off by
     * a prefix no file has.
     */
    fun versionedOnly(source: DataSource, vendor: String): FluentConfiguration =
        ServerMigrations.flyway(source, vendor).configuration(mapOf("flyway.baselineMigrationPrefix" to "not-a-baseline-"))
}

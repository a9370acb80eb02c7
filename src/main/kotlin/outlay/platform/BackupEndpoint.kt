package outlay.platform

import org.jooq.DSLContext
import org.jooq.SQLDialect
import org.jooq.impl.DSL
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.actuate.endpoint.annotation.Endpoint
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation
import org.springframework.stereotype.Component
import java.nio.file.Files
import java.nio.file.Path

/**
 * `POST /actuator/backup` (loopback only, like every actuator endpoint but health): an online,
 * transactionally consistent snapshot of the embedded database, written with H2's `BACKUP TO`
 * into `<data-dir>/backup/database.zip`; answers that file's path. The server must take it:
 * the embedded database file is open in this process only. `scripts/backup.sh` calls it, then
 * copies the uploaded files (see docs/reliability.md). PostgreSQL is backed up with pg_dump.
 */
@Component
@Endpoint(id = "backup")
class BackupEndpoint(private val db: DSLContext, @Value("\${outlay.data-dir}") private val dataDir: Path) {

    @WriteOperation
    @Synchronized
    fun backup(): Map<String, String> {
        check(db.dialect() == SQLDialect.H2) { "Only the embedded database is backed up by the server; use pg_dump for PostgreSQL" }
        val target = Files.createDirectories(dataDir.resolve("backup")).resolve("database.zip").toAbsolutePath()
        Files.deleteIfExists(target)
        db.execute("BACKUP TO {0}", DSL.inline(target.toString()))
        return mapOf("file" to target.toString())
    }
}

package outlay.support

import java.net.ServerSocket
import java.nio.file.Files
import java.nio.file.Path

/**
 * A PostgreSQL server of the test's own, so a test can stop and start it without disturbing the
 * rest of the suite. Uses the binaries scripts/test.sh found (OUTLAY_PG_BIN); as root the server
 * runs as the `postgres` user, as in scripts/lib/postgres.sh.
 */
class ThrowawayPostgres : AutoCloseable {
    private val bin = System.getenv("OUTLAY_PG_BIN") ?: error("OUTLAY_PG_BIN is not set (scripts/test.sh sets it)")
    private val root: Path = Files.createTempDirectory("outlay-pg-test")
    private val data = root.resolve("data")
    val port = ServerSocket(0).use { it.localPort }
    val url = "jdbc:postgresql://127.0.0.1:$port/outlay"
    val user = "outlay"

    init {
        if (isRoot) run("chown", "postgres", root.toString())
        asOwner("$bin/initdb", "-D", data.toString(), "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync")
        start()
        run("$bin/createdb", "-h", "127.0.0.1", "-p", port.toString(), "-U", user, "outlay")
    }

    fun start() = pgCtl("start", "-o", "-p $port -k $root -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50")

    /** A fast shutdown: sessions are terminated, committed work is kept. */
    fun stop() = pgCtl("stop", "-m", "fast")

    fun restart() = pgCtl("restart", "-m", "fast")

    override fun close() {
        runCatching { stop() }
        root.toFile().deleteRecursively()
    }

    private fun pgCtl(vararg args: String) = asOwner("$bin/pg_ctl", "-D", data.toString(), "-l", root.resolve("server.log").toString(), "-w", "-t", "60", *args)

    private fun asOwner(vararg command: String) = if (isRoot) run("runuser", "-u", "postgres", "--", *command) else run(*command)

    private fun run(vararg command: String) {
        val process = ProcessBuilder(*command).redirectErrorStream(true).start()
        val output = process.inputStream.bufferedReader().readText()
        check(process.waitFor() == 0) { "${command.joinToString(" ")} failed: $output" }
    }

    private companion object {
        val isRoot = ProcessHandle.current().info().user().orElse("") == "root"
    }
}

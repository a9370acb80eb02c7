package outlay.support

import java.io.File
import java.net.ServerSocket
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.nio.file.Files
import java.nio.file.Path
import java.time.Duration

/**
 * The real server as a child process (the application's own classes and dependencies, none of
 * the tests'), so a test can `kill -9` it and start it again on the same data directory.
 * On the embedded default it runs with the server's own default database URL; on PostgreSQL it
 * uses the suite's server (or [env]'s `OUTLAY_DB_URL`).
 */
class ServerProcess(
    private val dataDir: Path,
    private val log: Path,
    private val env: Map<String, String> = emptyMap(),
    /** C1 only by default: a test server starts sooner without the optimizing compiler. */
    private val jvmOptions: List<String> = listOf("-XX:TieredStopAtLevel=1"),
) : AutoCloseable {
    private var process: Process? = null

    init {
        Files.deleteIfExists(log) // one instance's starts and restarts, not earlier test runs'
    }

    var port: Int = 0
        private set

    val baseUrl: String get() = "http://127.0.0.1:$port"
    val pid: Long get() = process?.pid() ?: error("not started")
    val api: Api get() = Api(baseUrl)

    /** Starts the server and waits until its readiness probe says UP. */
    fun start(): ServerProcess {
        check(process?.isAlive != true) { "already running" }
        port = ServerSocket(0).use { it.localPort }
        val command = listOf(javaExecutable(), "-Xmx384m") + jvmOptions + listOf("-cp", applicationClasspath(), "outlay.OutlayApplicationKt")
        val builder = ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        builder.environment().apply {
            keys.removeIf { it.startsWith("OUTLAY_") && !it.startsWith("OUTLAY_TEST_") && !it.startsWith("OUTLAY_PG_") }
            put("OUTLAY_PORT", port.toString())
            put("OUTLAY_DATA_DIR", dataDir.toString())
            put("OUTLAY_BCRYPT_COST", "6")
            put("OUTLAY_LOGIN_LIMIT_PER_IP", "100000")
            if (TestDatabase.kind == "postgresql") {
                put("OUTLAY_DB_URL", System.getenv("OUTLAY_TEST_PG_URL") ?: error("PostgreSQL tests need OUTLAY_TEST_PG_URL"))
                put("OUTLAY_DB_USER", System.getenv("OUTLAY_TEST_PG_USER") ?: "outlay")
            }
            putAll(env)
        }
        Files.createDirectories(log.parent)
        Files.writeString(log, "=== start\n", Charsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND)
        process = builder.start()
        awaitReady()
        return this
    }

    private fun awaitReady() {
        val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()
        val request = HttpRequest.newBuilder(URI.create("$baseUrl/actuator/health/readiness")).timeout(Duration.ofSeconds(5)).build()
        repeat(600) {
            val p = process ?: error("not started")
            check(p.isAlive) { "the server exited with ${p.exitValue()}; see $log" }
            val up = runCatching { client.send(request, HttpResponse.BodyHandlers.ofString()).statusCode() == 200 }.getOrDefault(false)
            if (up) return
            Thread.sleep(200)
        }
        error("the server did not become ready; see $log")
    }

    /** `kill -9`: the JVM gets no chance to flush, close or shut down anything. */
    fun kill() {
        process?.let { it.destroyForcibly(); it.waitFor() }
        process = null
    }

    /** A normal shutdown (SIGTERM). */
    fun stop() {
        process?.let {
            it.destroy()
            if (!it.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) it.destroyForcibly().waitFor()
        }
        process = null
    }

    override fun close() = stop()

    fun logText(): String = if (Files.exists(log)) Files.readString(log) else ""

    companion object {
        /** Where reliability tests leave server logs and figures: target/reliability/[name]. */
        fun logFile(name: String): Path = Path.of("target", "reliability").also { Files.createDirectories(it) }.resolve(name)

        private fun javaExecutable(): String =
            ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java")

        /** The test classpath without the test classes (surefire passes it beside its manifest-only jar). */
        fun applicationClasspath(): String {
            val classpath = System.getProperty("surefire.test.class.path") ?: System.getProperty("java.class.path")
            return classpath.split(File.pathSeparator).filterNot { it.trimEnd('/').endsWith("test-classes") }.joinToString(File.pathSeparator)
        }
    }
}

package outlay.support

import org.junit.jupiter.api.AfterEach
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.context.annotation.Import
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import org.springframework.test.context.TestPropertySource

/** Base for HTTP tests: the real server on a random port, on the database the suite runs on. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(OffsetClockConfig::class)
@TestPropertySource(
    properties = [
        // Lenient limits: the suite logs in hundreds of times from 127.0.0.1. ThrottlingTest tightens them.
        "outlay.auth.rate-limit.per-ip.capacity=1000000",
        "outlay.auth.rate-limit.per-account.capacity=1000",
        // Fewer rounds keep the suite fast; the cost is a setting, the code path is the same.
        "outlay.auth.password-hash.cost=6",
        // Small enough that the oversized-upload test stays fast.
        "spring.servlet.multipart.max-file-size=1MB",
        "spring.servlet.multipart.max-request-size=2MB",
    ],
)
abstract class ApiTest {
    @LocalServerPort
    private var port = 0

    @Autowired
    protected lateinit var clock: OffsetClock

    @Autowired
    protected lateinit var statements: StatementCounter

    protected val api: Api by lazy { Api("http://127.0.0.1:$port") }

    @AfterEach
    fun resetClock() = clock.reset()

    companion object {
        @JvmStatic
        @DynamicPropertySource
        fun database(registry: DynamicPropertyRegistry) {
            TestDatabase.register(registry)
            registry.add("outlay.data-dir") { dataDir.toString() }
        }

        /** One data directory (file store) for the test JVM. */
        val dataDir: java.nio.file.Path by lazy {
            java.nio.file.Files.createTempDirectory("outlay-test-data").also { it.toFile().deleteOnExit() }
        }

        /** Every stored object in the file store. */
        fun storedFiles(): List<java.nio.file.Path> {
            val root = dataDir.resolve("files")
            if (!java.nio.file.Files.exists(root)) return emptyList()
            return java.nio.file.Files.walk(root).use { s -> s.filter { java.nio.file.Files.isRegularFile(it) && !it.toString().contains("/.tmp/") }.toList() }
        }
    }
}

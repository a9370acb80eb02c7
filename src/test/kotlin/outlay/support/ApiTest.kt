package outlay.support

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.BeforeEach
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.context.annotation.Import
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import org.springframework.test.context.TestPropertySource
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals

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
        // one always-on flight recording per cached context would add up; ConsolePagesTest turns it on
        "outlay.profiling.continuous=false",
        // The tests call the recurring producer themselves: a sweep on the wall clock's minute would add its
        // statements to whatever request a test happens to be counting.
        "outlay.recurring.cron=-",
        // every statement rendered once per shape is also built from its values and compared (StatementShapes)
        "outlay.sql.verify-shapes=true",
    ],
)
abstract class ApiTest {
    @LocalServerPort
    private var port = 0

    @Autowired
    protected lateinit var clock: OffsetClock

    @Autowired
    protected lateinit var statements: StatementCounter

    @Value("\${outlay.data-dir}")
    private lateinit var dataDirSetting: String

    protected val api: Api by lazy { Api(apiBase()) }

    protected fun apiBase() = "http://127.0.0.1:$port"

    /** [head] and [body] on a connection of their own: the whole answer, once the server closed it ([rawExchange]). */
    protected fun raw(head: String, body: ByteArray = ByteArray(0)): String = rawExchange(port, head, body)

    /** The server as seen from another host: one of this machine's own non-loopback addresses. */
    protected fun externalApi(): Api {
        val address = java.net.NetworkInterface.networkInterfaces().toList().filter { it.isUp && !it.isLoopback }
            .flatMap { it.inetAddresses.toList() }.firstOrNull { it is java.net.Inet4Address }
            ?: error("this test needs a non-loopback IPv4 address on the machine")
        return Api("http://${address.hostAddress}:$port")
    }

    protected val dataDir: Path get() = Path.of(dataDirSetting)

    /** Every stored object in this server's file store. */
    protected fun storedFiles(): List<Path> {
        val root = dataDir.resolve("files")
        if (!Files.exists(root)) return emptyList()
        return Files.walk(root).use { s -> s.filter { Files.isRegularFile(it) && !it.startsWith(root.resolve(".tmp")) }.toList() }
    }

    @BeforeEach
    fun watchFieldLookups() = AmbiguousFields.watch()

    @AfterEach
    fun resetClock() = clock.reset()

    @AfterEach
    fun noAmbiguousFieldLookups() = assertEquals(emptyList(), AmbiguousFields.drain().distinct(), "jOOQ looked up a column by name among several")

    companion object {
        @JvmStatic
        @DynamicPropertySource
        fun database(registry: DynamicPropertyRegistry) {
            TestDatabase.register(registry)
            // a data directory (file store) per application context, so one context's sweep never sees another's files
            val dir = Files.createTempDirectory("outlay-test-data").toFile()
            // removed when the test JVM exits (cached contexts live until then)
            Runtime.getRuntime().addShutdownHook(Thread { dir.deleteRecursively() })
            registry.add("outlay.data-dir") { dir.toString() }
        }
    }
}

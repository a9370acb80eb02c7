package outlay.observability.profiling

import jdk.jfr.Configuration
import jdk.jfr.Recording
import jdk.management.jfr.FlightRecorderMXBean
import org.slf4j.LoggerFactory
import org.springframework.beans.factory.DisposableBean
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.beans.factory.annotation.Value
import org.springframework.boot.context.event.ApplicationReadyEvent
import org.springframework.context.ApplicationListener
import org.springframework.stereotype.Component
import java.io.IOException
import java.lang.management.ManagementFactory
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import java.time.Duration
import java.time.Instant
import java.util.concurrent.CompletableFuture
import javax.management.ObjectName

/**
 * An always-on JDK Flight Recorder recording with JFR's own "default" settings (made for
 * production: CPU samples every 20 ms, allocation samples, contended locks over 20 ms; socket
 * I/O and exceptions as before JDK 25, [OVERRIDES]), kept on disk under `<data-dir>/jfr` for the
 * last hour. Any window inside it renders as a flame graph after the fact: "what was the server
 * doing at 14:02" is a question with an answer.
 */
@Component
class ContinuousRecording internal constructor(
    private val props: ProfilingProperties,
    dataDir: Path,
    /** How long the shutdown waits for a start still under way ([destroy]). */
    private val startWait: Duration,
    /** What starts the recorder; a test's stand-in can hang as JFR's start once did. */
    private val begin: (ContinuousRecording) -> Recording?,
) : DisposableBean, ApplicationListener<ApplicationReadyEvent> {
    @Autowired
    constructor(props: ProfilingProperties, @Value("\${outlay.data-dir}") dataDir: Path) : this(props, dataDir, START_WAIT, ContinuousRecording::start)

    private val log = LoggerFactory.getLogger(javaClass)
    private val repository = dataDir.resolve("jfr").toAbsolutePath()
    // Starting the recorder takes ~0.27 s of CPU: 5 % of the start's main thread when it ran there, and
    // beside the start, on its own thread, it took a core from the main thread and the JIT's quick
    // compiler (ready 0.15 s later; docs/performance.md). So it starts on its own thread once the
    // server is ready, or when it is first asked for; whoever asks waits for it.
    private val starting = CompletableFuture<Recording?>()
    private var starter: Thread? = null
    private val recording: Recording?
        get() {
            startRecording()
            return starting.join()
        }

    init {
        if (!props.continuous) starting.complete(null)
    }

    override fun onApplicationEvent(event: ApplicationReadyEvent) = startRecording()

    /** Starts the recording on its own thread, once. */
    @Synchronized
    fun startRecording() {
        if (starting.isDone || starter != null) return
        starter = Thread.ofPlatform().name("jfr-start").daemon().start {
            try {
                starting.complete(begin(this))
            } finally {
                starting.complete(null) // whatever start() threw, no asker waits for ever
            }
        }
    }

    val running: Boolean get() = recording != null

    /** When the data the recording still holds begins (at most [ProfilingProperties.window] ago). */
    fun oldest(): Instant? = recording?.let { maxOf(it.startTime ?: Instant.now(), Instant.now().minus(props.window)) }

    /** The recorded events between [from] and [to] as a JFR file (whole chunks; the converter trims to the window). */
    fun extract(from: Instant, to: Instant, target: Path): Boolean {
        val id = recording?.id ?: return false
        val bean = ManagementFactory.getPlatformMXBean(FlightRecorderMXBean::class.java)
        // only a stopped recording can be read: a stopped clone shares the chunks on disk
        val clone = bean.cloneRecording(id, true)
        try {
            val stream = try {
                bean.openStream(clone, mapOf("startTime" to from.toString(), "endTime" to to.toString()))
            } catch (e: IOException) {
                return false // "No recording data available": the window lies outside what the recording holds
            }
            try {
                Files.newOutputStream(target, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING).use { out ->
                    while (true) out.write(bean.readStream(stream) ?: break)
                }
            } finally {
                bean.closeStream(stream)
            }
        } finally {
            bean.closeRecording(clone)
        }
        return Files.size(target) > 0
    }

    private fun start(): Recording? = try {
        Files.createDirectories(repository)
        setRepository(repository)
        Recording(Configuration.getConfiguration("default")).apply {
            settings = settings + OVERRIDES
            name = "outlay-continuous"
            maxAge = props.window
            isToDisk = true
            start()
        }
    } catch (e: Exception) {
        log.warn("Continuous profiling is off: the flight recorder could not start ({})", e.toString())
        null
    }

    /** The JFR repository is process-wide and has no public setter; jcmd's JFR.configure sets it. */
    private fun setRepository(dir: Path) {
        ManagementFactory.getPlatformMBeanServer().invoke(
            ObjectName("com.sun.management:type=DiagnosticCommand"), "jfrConfigure",
            arrayOf<Any>(arrayOf("repositorypath=$dir")), arrayOf(Array<String>::class.java.name),
        )
    }

    override fun destroy() {
        // under the lock, so that no start begins between the check and the completion and leaks its recording
        val thread = synchronized(this) { starter ?: run { starting.complete(null); null } }
        // A bounded wait: a start that a SIGTERM caught (0.2 s after ready) waited inside JFR's native beginRecording
        // for as long as the process lived, and an unbounded join kept the shutdown from ever ending. The thread is a
        // daemon: the JVM's exit ends it, with whatever the start had begun.
        if (thread != null && !thread.join(startWait)) {
            log.warn("The flight recorder's start did not end within {} of the shutdown; left to the JVM's exit", startWait)
            return
        }
        starting.join()?.close()
    }

    companion object {
        private val START_WAIT: Duration = Duration.ofSeconds(5)

        /**
         * JDK 25's "default" settings record socket reads and writes from 1 ms (up to 100 a second each, every one with
         * its stack trace) and exceptions thrown (up to 100 a second): under the lab's load a read waiting on PostgreSQL
         * passes 1 ms often, and these events took 1.2 % of the server's CPU at the knee, more than the CPU samples the
         * recording is for. The earlier defaults (JDK 17's default.jfc), kept here: socket I/O from 20 ms, errors but
         * not exceptions.
         */
        val OVERRIDES = mapOf(
            "jdk.SocketRead#threshold" to "20 ms",
            "jdk.SocketWrite#threshold" to "20 ms",
            "jdk.JavaExceptionThrow#enabled" to "false",
        )
    }
}

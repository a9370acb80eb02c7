package outlay.observability.profiling

import jdk.jfr.Recording
import one.profiler.AsyncProfiler
import org.slf4j.LoggerFactory
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Component
import outlay.platform.ApiException
import outlay.platform.ProblemType
import java.nio.file.Files
import java.time.Duration
import java.util.concurrent.locks.ReentrantLock
import kotlin.io.path.deleteIfExists
import kotlin.io.path.readBytes

class ProfilerBusyException : ApiException(
    HttpStatus.CONFLICT, ProblemType.CONFLICT, "Another profile is being taken; try again when it is done.", Duration.ofSeconds(10),
)

/**
 * Profiles the running server for a few seconds and returns an HTML flame graph. async-profiler
 * (its native library comes in the jar from Maven Central, loaded into this process) samples
 * CPU, allocations, locks or wall-clock time without safepoint bias; where it cannot load
 * (another OS or CPU), a JDK Flight Recorder recording stands in for CPU, allocation and locks.
 * One profile at a time: the profiler is a process-wide singleton.
 */
@Component
class OnDemandProfiler {
    private val log = LoggerFactory.getLogger(javaClass)
    private val lock = ReentrantLock()
    // Loaded on first use, not at start-up: a server nobody profiles carries no native agent,
    // and the lab can still attach its own async-profiler copy through jcmd.
    @Volatile
    private var asyncProfiler: AsyncProfiler? = null

    @Volatile
    private var loaded = false

    private fun loaded(): AsyncProfiler? {
        if (!loaded) synchronized(this) {
            if (!loaded) {
                // async-profiler finds the JVM's thread structures from the thread that loads it, which
                // must be a platform thread: from a request's virtual thread it finds no VMThread.
                Thread.ofPlatform().name("async-profiler-load").start {
                    asyncProfiler = try {
                        AsyncProfiler.getInstance().also { it.version } // loads the native library
                    } catch (e: Throwable) {
                        unusable(e)
                    }
                }.join()
                loaded = true
            }
        }
        return asyncProfiler
    }

    val engine: String get() = if (loaded() != null) "async-profiler" else "jfr"

    private fun unusable(e: Throwable): AsyncProfiler? {
        log.warn("async-profiler cannot profile this JVM ({}); on-demand profiles use JDK Flight Recorder", e.toString())
        asyncProfiler = null
        return null
    }

    fun profile(event: ProfileEvent, seconds: Int): ByteArray {
        if (!lock.tryLock()) throw ProfilerBusyException()
        try {
            val title = "Outlay: ${event.name.lowercase()} profile, $seconds s"
            return loaded()?.let { withAsyncProfiler(it, event, seconds, title) } ?: withJfr(event, seconds, title)
        } finally {
            lock.unlock()
        }
    }

    private fun withAsyncProfiler(profiler: AsyncProfiler, event: ProfileEvent, seconds: Int, title: String): ByteArray? {
        val out = Files.createTempFile("outlay-profile", ".html")
        try {
            // CPU every 5 ms: about 400 samples a second on two cores, enough detail for 10 s
            val start = if (event == ProfileEvent.CPU) "start,event=cpu,interval=5ms" else "start,event=${event.name.lowercase()}"
            try {
                profiler.execute(start)
            } catch (e: IllegalStateException) { // loaded, but this JVM is one it does not know
                unusable(e)
                return null
            }
            try {
                Thread.sleep(seconds * 1000L)
            } finally {
                profiler.execute("stop,file=$out,title=${title.replace(",", "")}")
            }
            return out.readBytes()
        } finally {
            out.deleteIfExists()
        }
    }

    private fun withJfr(event: ProfileEvent, seconds: Int, title: String): ByteArray {
        val settings = when (event) {
            ProfileEvent.CPU -> mapOf("jdk.ExecutionSample#enabled" to "true", "jdk.ExecutionSample#period" to "10 ms")
            ProfileEvent.ALLOC -> mapOf("jdk.ObjectAllocationSample#enabled" to "true", "jdk.ObjectAllocationSample#throttle" to "1000/s")
            ProfileEvent.LOCK -> mapOf("jdk.JavaMonitorEnter#enabled" to "true", "jdk.JavaMonitorEnter#threshold" to "0 ms")
            ProfileEvent.WALL -> throw ApiException(
                HttpStatus.BAD_REQUEST, ProblemType.VALIDATION, "Wall-clock profiles need async-profiler, which cannot load here.",
            )
        }
        val file = Files.createTempFile("outlay-profile", ".jfr")
        try {
            Recording().use { recording ->
                recording.settings = settings
                recording.start()
                Thread.sleep(seconds * 1000L)
                recording.stop()
                recording.dump(file)
            }
            return FlameGraphs.fromJfr(file, event, title)
        } finally {
            file.deleteIfExists()
        }
    }
}

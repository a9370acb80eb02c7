package outlay.platform

import org.slf4j.LoggerFactory
import org.springframework.boot.context.event.ApplicationReadyEvent
import org.springframework.context.event.EventListener
import org.springframework.stereotype.Component
import java.nio.file.Files
import java.nio.file.Path

/**
 * The JVM's optimizing JIT compiler (C2) at a lower priority while the server starts (Linux nice 19; `OUTLAY_JIT_NICE`
 * another, 0 never), and back at the default once it is ready.
 *
 * On two cores a start is the main thread's ~2.3 s of CPU, and how soon the code it runs is compiled. The quick
 * compiler (C1) turns the start's methods into native code within milliseconds; C2 spends ~1.2-1.4 s of CPU
 * re-compiling them for a long run the start does not last. Niced, C2 leaves the second core to C1 and the main
 * thread; niced as well, C1 lost that core to the other start-up threads, and a restart took 0.1-0.3 s longer
 * (docs/performance.md). After the start C2 must not stay niced: a server that meets a full load cold then compiles
 * at a fraction of a core and stays slow (700 requests/s offered from the first second: 313/s achieved with the
 * compilers niced, 382-476/s without). Raising a thread's priority again takes CAP_SYS_NICE or a nice limit
 * (RLIMIT_NICE) that allows it, so a process that could not undo it does not do it.
 */
object CompilerThreads {
    const val DEFAULT_NICE = 19
    private val NAMES = listOf("C2 CompilerThre") // the kernel's name: 15 characters
    private val log = LoggerFactory.getLogger(javaClass)

    @Volatile
    private var lowered: Thread? = null

    /** From `main`'s first line: C2 niced by a thread of its own, if [restore] can undo it. */
    fun yieldToStart(env: Map<String, String>) {
        val nice = env["OUTLAY_JIT_NICE"]?.trim()?.toIntOrNull() ?: DEFAULT_NICE
        if (nice > 0 && mayRaisePriority()) {
            lowered = Thread.ofPlatform().daemon().name("jit-priority").start { ThreadNice.setThreadsNamed(nice, NAMES) }
        }
    }

    /** Once ready: C2 at nice 0 again, where [yieldToStart] lowered it. */
    fun restore() {
        val thread = lowered ?: return
        thread.join()
        lowered = null
        val count = ThreadNice.setThreadsNamed(0, NAMES)
        if (count > 0) log.info("JIT compiler C2 ({} thread) back at nice 0 after the start", count)
    }

    /** CAP_SYS_NICE in the effective set, or a nice limit down to 0 (RLIMIT_NICE, as /proc/self/limits gives it: 20 - nice). */
    internal fun mayRaisePriority(): Boolean = runCatching {
        val caps = Files.readAllLines(Path.of("/proc/self/status")).first { it.startsWith("CapEff:") }.substringAfter(':').trim().toLong(16)
        val limit = Files.readAllLines(Path.of("/proc/self/limits")).first { it.startsWith("Max nice priority") }
            .removePrefix("Max nice priority").trim().substringBefore(' ')
        caps and (1L shl CAP_SYS_NICE) != 0L || limit == "unlimited" || limit.toInt() >= 20
    }.getOrDefault(false)

    private const val CAP_SYS_NICE = 23

    @Component
    class RestoreWhenReady {
        @EventListener(ApplicationReadyEvent::class)
        fun ready() = restore()
    }
}

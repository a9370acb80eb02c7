package outlay.platform

import org.slf4j.LoggerFactory
import java.nio.file.Files
import java.nio.file.Path
import java.util.concurrent.TimeUnit

/**
 * Lowers the Linux scheduling priority (raises the nice value) of the calling thread.
 *
 * CPU-bound background work such as password hashing should yield to request handling: with
 * equal priority, two hashing threads on two cores make every other request wait for a time
 * slice. Java offers no portable way to do this, so the thread finds its own kernel id via
 * /proc/thread-self and calls `renice` on it (allowed without privileges, since it only lowers
 * priority). Anywhere else it does nothing.
 */
object ThreadNice {
    private val log = LoggerFactory.getLogger(javaClass)

    fun lowerCurrentThread(nice: Int) {
        if (nice <= 0) return
        try {
            val self = Path.of("/proc/thread-self")
            if (!Files.exists(self)) return
            val tid = Files.readSymbolicLink(self).fileName.toString()
            val process = ProcessBuilder("renice", "-n", nice.toString(), "-p", tid)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
            if (!process.waitFor(5, TimeUnit.SECONDS) || process.exitValue() != 0) {
                log.info("Could not lower the priority of thread {} (renice failed)", Thread.currentThread().name)
            }
        } catch (e: Exception) {
            log.info("Could not lower the priority of thread {}: {}", Thread.currentThread().name, e.toString())
        }
    }
}

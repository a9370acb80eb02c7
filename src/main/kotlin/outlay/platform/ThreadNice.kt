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
        val self = Path.of("/proc/thread-self")
        val tid = runCatching { Files.readSymbolicLink(self).fileName.toString() }.getOrNull() ?: return
        renice(nice, listOf(tid), Thread.currentThread().name)
    }

    /**
     * Sets the nice value of this process's threads whose kernel name (`comm`, at most 15 characters)
     * starts with one of [prefixes]: threads the JVM itself starts, which Java cannot reach. Raising
     * their priority again needs CAP_SYS_NICE or a permissive RLIMIT_NICE. Returns how many were set (0 where
     * there is no /proc or `renice` failed: never an exception, as callers run at start and in pools).
     */
    fun setThreadsNamed(nice: Int, prefixes: List<String>): Int {
        val ids = runCatching {
            Files.list(Path.of("/proc/self/task")).use { all ->
                all.filter { task -> runCatching { Files.readString(task.resolve("comm")).trim() }.getOrDefault("").let { name -> prefixes.any(name::startsWith) } }
                    .map { it.fileName.toString() }.toList()
            }
        }.getOrDefault(emptyList())
        return if (ids.isNotEmpty() && renice(nice, ids, prefixes.joinToString())) ids.size else 0
    }

    private fun renice(nice: Int, threadIds: List<String>, what: String): Boolean {
        try {
            val process = ProcessBuilder(listOf("renice", "-n", nice.toString(), "-p") + threadIds)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
            if (process.waitFor(5, TimeUnit.SECONDS) && process.exitValue() == 0) return true
            log.info("Could not set the priority of {} (renice failed)", what)
        } catch (e: Exception) {
            log.info("Could not set the priority of {}: {}", what, e.toString())
        }
        return false
    }
}

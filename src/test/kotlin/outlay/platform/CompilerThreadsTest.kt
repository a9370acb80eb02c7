package outlay.platform

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import outlay.support.ServerProcess
import outlay.support.TestDatabase
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The real server, started as production starts it: its C2 compiler niced during the start (where the process may
 * raise its priority again) and at nice 0 once it is ready, like every thread that serves requests.
 */
class CompilerThreadsTest {
    @TempDir
    lateinit var dir: Path

    @Test
    fun `the compilers yield during the start and run at nice 0 once the server is ready`() {
        // production's tiered compilation: the optimizing compiler (C2) beside the quick one (C1)
        val log = ServerProcess.logFile("compilers-${TestDatabase.kind}-server.log")
        ServerProcess(dir.resolve("data"), log, jvmOptions = emptyList()).start().use { server ->
            val restored = awaitLog(server, ") back at nice 0 after the start")
            // a child process has this one's capabilities and limits
            assertEquals(CompilerThreads.mayRaisePriority(), restored, "niced and restored exactly where it can be undone")
            val threads = Files.list(Path.of("/proc/${server.pid}/task")).use { tasks -> tasks.map { nameAndNice(it) }.toList() }
            val compilers = threads.filter { it.first.startsWith("C1 CompilerThre") || it.first.startsWith("C2 CompilerThre") }
            assertTrue(compilers.any { it.first.startsWith("C2") }, "no C2 compiler thread among $threads")
            compilers.forEach { assertEquals(0, it.second, it.first) }
            val main = threads.filter { it.first == "java" } // the thread that ran main() and the launcher's
            assertTrue(main.isNotEmpty(), "no main thread among $threads")
            main.forEach { assertEquals(0, it.second, "the main thread") }
        }
    }

    /** The ready event's listener may log a moment after the readiness probe answers. */
    private fun awaitLog(server: ServerProcess, line: String): Boolean {
        repeat(50) { if (line in server.logText()) return true; Thread.sleep(100) }
        return false
    }

    /** comm may hold spaces and brackets: the fields after its closing one are stat(5)'s 3rd onwards, nice the 19th. */
    private fun nameAndNice(task: Path): Pair<String, Int> {
        val stat = Files.readString(task.resolve("stat"))
        val name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        return name to stat.substring(stat.lastIndexOf(')') + 2).split(' ')[16].toInt()
    }
}

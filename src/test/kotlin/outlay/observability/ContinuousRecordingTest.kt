package outlay.observability

import jdk.jfr.FlightRecorder
import jdk.jfr.consumer.RecordingFile
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import outlay.observability.profiling.ContinuousRecording
import outlay.observability.profiling.ProfilingProperties
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.nio.file.Path
import java.time.Duration
import java.time.Instant
import java.util.concurrent.CountDownLatch
import kotlin.concurrent.thread
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The always-on recording, started as the server starts it: what it keeps and what it leaves out. */
class ContinuousRecordingTest {
    private class Marker : RuntimeException("thrown by the test")

    @Test
    fun `the recording keeps slow socket reads and leaves out exceptions, at the earlier JDKs' thresholds`(@TempDir dir: Path) {
        val recording = ContinuousRecording(ProfilingProperties(continuous = true), dir)
        recording.startRecording() // as the server does once it is ready
        try {
            assertTrue(recording.running)
            // the newest of that name: a server that another test started may have its own
            val live = FlightRecorder.getFlightRecorder().recordings.filter { it.name == "outlay-continuous" }.maxBy { it.id }
            assertEquals("20 ms", live.settings["jdk.SocketRead#threshold"])
            assertEquals("20 ms", live.settings["jdk.SocketWrite#threshold"])
            assertEquals("false", live.settings["jdk.JavaExceptionThrow#enabled"])
            assertEquals("true", live.settings["jdk.ExecutionSample#enabled"], "the CPU samples stay as JFR's default has them")

            val from = Instant.now().minusSeconds(1)
            val port = slowRead(Duration.ofMillis(150))
            runCatching { throw Marker() }
            val file = dir.resolve("window.jfr")
            assertTrue(recording.extract(from, Instant.now().plusSeconds(1), file))

            val events = RecordingFile.readAllEvents(file)
            assertTrue(
                events.any { it.eventType.name == "jdk.SocketRead" && it.getInt("port") == port && it.duration >= Duration.ofMillis(100) },
                "a read that waited 150 ms is recorded",
            )
            assertTrue(events.none { it.eventType.name == "jdk.JavaExceptionThrow" && it.getClass("thrownClass")?.name == Marker::class.java.name })
        } finally {
            recording.destroy()
        }
    }

    @Test
    fun `a shutdown does not wait for ever on a recorder's start that never ends`(@TempDir dir: Path) {
        // as JFR's native start once did when a SIGTERM came 0.2 s after ready: the process then never exited
        val never = CountDownLatch(1)
        val recording = ContinuousRecording(ProfilingProperties(continuous = true), dir, Duration.ofMillis(200)) { never.await(); null }
        recording.startRecording()
        val shutdown = thread { recording.destroy() }
        try {
            shutdown.join(Duration.ofSeconds(30))
            assertFalse(shutdown.isAlive, "the shutdown is still waiting for the start")
        } finally {
            never.countDown()
        }
    }

    /** Reads one byte that the other end sends after [delay]; returns the other end's port. */
    private fun slowRead(delay: Duration): Int = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { server ->
        val sender = thread {
            server.accept().use { peer ->
                Thread.sleep(delay)
                peer.getOutputStream().write(1)
            }
        }
        Socket(InetAddress.getLoopbackAddress(), server.localPort).use { assertEquals(1, it.getInputStream().read()) }
        sender.join()
        server.localPort
    }
}

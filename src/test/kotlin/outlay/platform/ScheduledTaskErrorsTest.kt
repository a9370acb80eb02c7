package outlay.platform

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension
import org.springframework.jdbc.CannotGetJdbcConnectionException
import org.springframework.scheduling.TaskScheduler
import org.springframework.test.annotation.DirtiesContext
import outlay.support.ApiTest
import java.sql.SQLException
import java.time.Instant
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * A `@Scheduled` run that fails for want of the database is part of the outage, reported once; any
 * other failure is an ERROR. The staged outage wakes threads waiting for the pool with an interrupt,
 * which can close an embedded H2 database: this test's server is not reused by the next class.
 */
@ExtendWith(OutputCaptureExtension::class)
@DirtiesContext
class ScheduledTaskErrorsTest : ApiTest() {
    @Autowired
    private lateinit var scheduler: TaskScheduler

    private fun awaitText(output: CapturedOutput, text: String) {
        val end = System.nanoTime() + 20_000_000_000
        while (!output.out.contains(text)) {
            check(System.nanoTime() < end) { "no '$text' in the log" }
            Thread.sleep(20)
        }
    }

    @Test
    fun `a run that cannot reach the database marks the outage without an error, and the probe ends it`(output: CapturedOutput) {
        scheduler.schedule({ throw CannotGetJdbcConnectionException("no connection", SQLException("Connection refused", "08001")) }, Instant.now())
        awaitText(output, "Database unreachable")
        awaitText(output, "Database reachable again") // the database is in fact there: the probe finds it
        assertFalse(output.out.contains("Scheduled task failed"), "no error for the outage")
        assertFalse(output.out.lines().any { it.contains(" ERROR ") || it.contains("\"level\":\"ERROR\"") }, "no ERROR line")
    }

    @Test
    fun `any other failure is logged as an error`(output: CapturedOutput) {
        scheduler.schedule({ throw IllegalStateException("a bug in a sweep") }, Instant.now())
        awaitText(output, "Scheduled task failed")
        assertTrue(output.out.contains("a bug in a sweep"))
    }
}

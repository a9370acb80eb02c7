package outlay.lab

import java.io.File
import kotlin.system.exitProcess

/**
 * The lab's load generator: one JVM for every Gatling run of a lab session (warm-up, then each
 * stress level), so a level runs on a load generator the earlier ones warmed up (JIT, Netty,
 * Gatling's engine) rather than on a fresh JVM that understates the rate it can offer.
 *
 * bench/lab/run.sh starts it with the results folder and a reply file, then writes one run per
 * line on its standard input: `RATE SECONDS ASSERT_P95_MS ASSERT_ERROR_PERCENT` (`-`: no such
 * assertion). Each run is the flow's simulation with those `-Dlab.*` settings; when its report and
 * its stats.json (GatlingStats) are written, the reply file receives Gatling's exit status (non-zero
 * when an assertion failed; 2 when the run or its results could not be written).
 */
fun main(args: Array<String>) {
    require(args.size == 2) { "usage: LevelRunner RESULTS_FOLDER REPLY_FILE" }
    val (results, reply) = args
    System.`in`.bufferedReader().lineSequence().filter { it.isNotBlank() }.forEach { line ->
        val (rate, seconds, p95, errors) = line.trim().split(Regex("\\s+")).also { require(it.size == 4) { "bad run: $line" } }
        System.setProperty("lab.rate", rate)
        System.setProperty("lab.seconds", seconds)
        System.setProperty("lab.assertP95Ms", p95.takeUnless { it == "-" }.orEmpty())
        System.setProperty("lab.assertErrorPercent", errors.takeUnless { it == "-" }.orEmpty())
        // Gatling's own command line, in this JVM (gatling-app's entry point, as its Maven plugin runs it in a forked one)
        val status = runCatching {
            io.gatling.app.`Gatling$`.`MODULE$`.fromArgs(
                arrayOf("--simulation", FlowSimulation::class.java.name, "--results-folder", results, "--launcher", "outlay-lab"),
            ).also { GatlingStats.write(latestRun(results)) }
        }.getOrElse { it.printStackTrace(); 2 }
        File("$reply.tmp").writeText("$status\n")
        File("$reply.tmp").renameTo(File(reply)) // whole, at once: run.sh polls for it
    }
    // The end of the input is the end of the session. A thread some run left behind that is not a daemon (a
    // scheduled pool seen after a failed level, 2026-12-06) would otherwise keep this JVM, and run.sh waiting for it,
    // alive for ever.
    exitProcess(0)
}

/** The run Gatling just wrote: runs are sequential, so the newest of the simulation's folders. */
private fun latestRun(results: String): File =
    File(results).listFiles { f -> f.isDirectory && f.name.startsWith("flowsimulation-") }.orEmpty()
        .maxByOrNull { it.lastModified() } ?: error("no run folder in $results")

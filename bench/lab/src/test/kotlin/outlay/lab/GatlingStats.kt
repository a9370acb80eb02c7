package outlay.lab

import com.fasterxml.jackson.core.JsonEncoding
import com.fasterxml.jackson.core.JsonFactory
import com.fasterxml.jackson.core.JsonGenerator
import io.gatling.charts.stats.GeneralStats
import io.gatling.charts.stats.Group
import io.gatling.charts.stats.LogFileData
import io.gatling.charts.stats.LogFileReader
import io.gatling.charts.stats.Percentiles
import io.gatling.charts.stats.RequestStatsPath
import io.gatling.commons.stats.`KO$`
import io.gatling.commons.stats.`OK$`
import io.gatling.commons.stats.Status
import io.gatling.commons.util.GatlingVersion
import io.gatling.core.config.GatlingConfiguration
import io.gatling.core.stats.writer.StringInternals
import scala.Option
import scala.jdk.javaapi.CollectionConverters
import java.io.File

/**
 * Writes a Gatling run's results as `stats.json` beside its HTML report: the numbers the lab's report
 * judges, read from the run's `simulation.log` by Gatling's own reader (the code that draws its HTML
 * report), so they are the report's numbers without parsing HTML or JavaScript. The reader is Gatling's
 * internal API: a Gatling upgrade that changes it fails this file's compilation, never a parse at run
 * time. The format is documented in docs/performance.md ("The lab's result files").
 */
object GatlingStats {
    private val percentiles = listOf(50, 75, 95, 99)

    fun write(runFolder: File) {
        val log = File(runFolder, "simulation.log")
        require(log.isFile) { "no simulation.log in $runFolder" }
        // the log's strings are read through java.lang.String's internals: a clear error where the JVM was not
        // started with --add-opens=java.base/java.lang=ALL-UNNAMED (run.sh starts it so, as Gatling's plugin does)
        StringInternals.checkAvailability()
        val data = LogFileReader(log, GatlingConfiguration.load()).read()
        val out = File(runFolder, "stats.json.tmp")
        JsonFactory().createGenerator(out, JsonEncoding.UTF8).useDefaultPrettyPrinter().use { json ->
            json.writeStartObject()
            json.writeStringField("gatling", GatlingVersion.ThisVersion().fullVersion())
            json.writeNumberField("inject_start_ms", data.runInfo().injectStart())
            json.writeNumberField("inject_end_ms", data.runInfo().injectEnd())
            json.writeObjectFieldStart("requests")
            requestStats(json, "all", data, none())
            requestNames(data).forEach { requestStats(json, it, data, Option.apply(it)) }
            json.writeEndObject()
            json.writeArrayFieldStart("errors")
            CollectionConverters.asJava(data.errors(none(), none())).forEach {
                json.writeStartObject()
                json.writeStringField("message", it.message())
                json.writeNumberField("count", it.count())
                json.writeEndObject()
            }
            json.writeEndArray()
            series(json, data)
            json.writeEndObject()
        }
        // whole, at once: a reader never sees half a file
        check(out.renameTo(File(runFolder, "stats.json"))) { "cannot write stats.json in $runFolder" }
    }

    /** The flow's requests in the order Gatling first saw them (the flow's order); the flow declares no groups. */
    private fun requestNames(data: LogFileData): List<String> =
        CollectionConverters.asJava(data.statsPaths()).filterIsInstance<RequestStatsPath>().map { it.request() }

    private fun requestStats(json: JsonGenerator, name: String, data: LogFileData, request: Option<String>) {
        val all = stats(data, request, none()) ?: return
        json.writeObjectFieldStart(name)
        json.writeNumberField("count", all.count())
        json.writeNumberField("ok", stats(data, request, Option.apply(`OK$`.`MODULE$`))?.count() ?: 0L)
        json.writeNumberField("ko", stats(data, request, Option.apply(`KO$`.`MODULE$`))?.count() ?: 0L)
        json.writeNumberField("rps", all.meanRequestsPerSec())
        json.writeNumberField("min", all.min())
        percentiles.forEach { json.writeNumberField("p$it", all.percentile().apply(it.toDouble()) as Int) }
        json.writeNumberField("max", all.max())
        json.writeNumberField("mean", all.mean())
        json.writeEndObject()
    }

    private fun stats(data: LogFileData, request: Option<String>, status: Option<out Status>): GeneralStats? {
        @Suppress("UNCHECKED_CAST")
        val result = data.requestGeneralStats(request, none<Group>(), status as Option<Status>)
        return if (result.isDefined) result.get() else null
    }

    /**
     * Per time bucket (one second for runs under Gatling's `maxPlotsPerSeries` seconds, wider beyond): responses per
     * second and the OK responses' time percentiles, each point `[bucket start in epoch ms, value]`.
     */
    private fun series(json: JsonGenerator, data: LogFileData) {
        val start = data.runInfo().injectStart()
        val responses = CollectionConverters.asJava(data.numberOfResponsesPerSecond(none(), none()))
        // a bucket's time is its middle, in ms after the injection's start
        val step = if (responses.size > 1) responses[1].time() - responses[0].time() else 1000
        fun at(time: Int) = start + time - step / 2
        json.writeArrayFieldStart("responses_per_second")
        responses.forEach { json.writeArray(longArrayOf(at(it.time()), (it.oks() + it.kos()).toLong()), 0, 2) }
        json.writeEndArray()
        val overTime = CollectionConverters.asJava(data.responseTimePercentilesOverTime(`OK$`.`MODULE$`, none(), none()))
            .filter { it.percentiles().isDefined }
        json.writeObjectFieldStart("latency_ok_ms")
        mapOf("50" to { p: Percentiles -> p.percentile50() },
            "95" to { p -> p.percentile95() }, "99" to { p -> p.percentile99() }).forEach { (name, value) ->
            json.writeArrayFieldStart(name)
            overTime.forEach { json.writeArray(longArrayOf(at(it.time()), value(it.percentiles().get()).toLong()), 0, 2) }
            json.writeEndArray()
        }
        json.writeEndObject()
    }

    private fun <T> none(): Option<T> = Option.empty()
}

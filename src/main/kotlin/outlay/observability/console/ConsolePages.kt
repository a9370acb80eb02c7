package outlay.observability.console

import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.servlet.View
import outlay.observability.ConsoleGate
import outlay.observability.ObservabilityProperties
import outlay.observability.profiling.ProfileService
import outlay.web.PageController
import outlay.web.Pages
import java.time.Clock

/**
 * The operator console: RED per route, SQL, runtime and profiles, in the app's layout and
 * session. Only operators get here ([ConsoleGate]); to anyone else every URL below is a 404.
 */
@PageController
@RequestMapping(ConsoleGate.PATH)
class ConsolePages(
    private val console: ConsoleService,
    private val profiles: ProfileService,
    private val observability: ObservabilityProperties,
    private val clock: Clock,
) : Pages {
    @GetMapping
    fun routes(@RequestParam(defaultValue = "5") minutes: Long): View = routesPage(console.red(minutes))

    @GetMapping("/sql")
    fun sql(): View = sqlPage(console.sql(), observability.traceLink)

    @GetMapping("/runtime")
    fun runtime(): View = runtimePage(console.runtime())

    @GetMapping("/profiles")
    fun profiles(): View = profilesPage(profiles.status(), clock.instant())

    /** A flame graph is a self-contained HTML document (async-profiler's), shown as it is. */
    @GetMapping("/profiles/live")
    fun live(@RequestParam(defaultValue = "cpu") event: String, @RequestParam(defaultValue = "10") seconds: Int) =
        flameGraph(profiles.live(event, seconds))

    @GetMapping("/profiles/past")
    fun past(@RequestParam(defaultValue = "cpu") event: String, @RequestParam from: String, @RequestParam to: String) =
        flameGraph(profiles.past(event, from, to))

    private fun flameGraph(page: ByteArray) = ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(page)
}

package outlay.exchange

import jakarta.servlet.http.HttpServletRequest
import org.springframework.http.HttpHeaders
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.exchange.dump.FullExport
import outlay.ledger.statistics.StatisticsFilter
import outlay.ledger.statistics.StatisticsQuery
import outlay.platform.ApiException
import outlay.platform.ValidationException
import outlay.web.Flash
import outlay.web.FormErrors
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.QueryParams
import outlay.web.WebUser
import outlay.web.flash
import java.time.Clock
import java.time.LocalDate

/**
 * Export and leaving in the browser: the CSV of what the statistics filter shows (the filter
 * arrives as the statistics screen's query string), the full archive, and deleting the account
 * after the password is entered again. The downloads stream, as the API's do.
 */
@PageController
@RequestMapping("/app")
class ExportPages(
    private val csv: CsvExportService, private val full: FullExport, private val leaving: LeavingService, private val clock: Clock,
) : Pages {
    /** A filter that cannot be read, or names another person's account, is named in the page, with no download offered. */
    @GetMapping("/export")
    fun export(@AuthenticationPrincipal user: WebUser, request: HttpServletRequest): View {
        val problems = try {
            filter(user, request)
            emptyList()
        } catch (e: ApiException) {
            e.fieldErrors.map { "${it.field.replaceFirstChar(Char::uppercase)}: ${it.message}." }.ifEmpty { listOf(FormErrors.generalMessage(e)) }
        }
        return exportPage(request.queryString, problems)
    }

    /** The export page checks the filter first; a hand-made address with a refused filter gets the error page. */
    @GetMapping("/export/transactions.csv")
    fun transactions(@AuthenticationPrincipal user: WebUser, request: HttpServletRequest): ResponseEntity<StreamingResponseBody> {
        val filter = filter(user, request)
        return ResponseEntity.ok()
            .contentType(MediaType("text", "csv", Charsets.UTF_8))
            .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"outlay-transactions.csv\"")
            .body(StreamingResponseBody { out -> csv.write(user.id, filter, out) })
    }

    /** The statistics filter of the request, checked: another person's id is refused before the first byte. */
    private fun filter(user: WebUser, request: HttpServletRequest): StatisticsFilter {
        val params = QueryParams.of(request)
        // no dates means all time here (the statistics screen's link spells its month out)
        val filter = StatisticsQuery.of(params, hasDates = true, LocalDate.now(clock)).filter
        params.errors.entries.firstOrNull()?.let { (name, text) -> throw ValidationException(name, text) }
        csv.check(user.id, filter)
        return filter
    }

    @GetMapping("/export/full")
    fun everything(@AuthenticationPrincipal user: WebUser): ResponseEntity<StreamingResponseBody> = ResponseEntity.ok()
        .contentType(MediaType("application", "zip"))
        .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"outlay-export.zip\"")
        .body(StreamingResponseBody { out -> full.write(user.id, out) })

    @GetMapping("/account/delete")
    fun leaveForm() = leavePage(FormErrors.NONE)

    @PostMapping("/account/delete")
    fun leave(
        @AuthenticationPrincipal user: WebUser, @RequestParam(required = false) password: String?,
        request: HttpServletRequest, redirect: RedirectAttributes,
    ): Any {
        if (password.isNullOrEmpty()) return leavePage(FormErrors(mapOf("password" to "Enter your password to confirm.")))
        try {
            leaving.leave(user.id, password, request.remoteAddr)
        } catch (e: ApiException) {
            return leavePage(FormErrors.of(e, field = "password"))
        }
        request.logout()
        request.getSession(false)?.invalidate()
        return redirect.flash("Your account and everything in it were deleted.", "/app/signin", Flash.Kind.INFO)
    }
}

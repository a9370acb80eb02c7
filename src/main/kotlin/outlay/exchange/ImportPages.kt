package outlay.exchange

import jakarta.servlet.http.HttpServletRequest
import org.springframework.http.HttpStatus
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.multipart.MultipartFile
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.accounts.AccountService
import outlay.exchange.parse.ColumnMapping
import outlay.platform.ApiException
import outlay.web.FormErrors
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.QueryParams
import outlay.web.WebUser
import outlay.web.flash
import outlay.web.redirectTo
import java.util.UUID

/**
 * Importing a bank file in the browser, the API's three steps: upload (with the account), the
 * preview with its column mapping (a GET form, so the settings live in the URL), and the
 * confirmation, which carries the settings the preview showed; then what it recorded.
 */
@PageController
@RequestMapping("/app/import")
class ImportPages(private val imports: ImportService, private val accounts: AccountService) : Pages {

    @GetMapping
    fun start(@AuthenticationPrincipal user: WebUser): View = importStartPage(accounts.list(user.id, includeArchived = false), null, FormErrors.NONE)

    @PostMapping
    fun upload(
        @AuthenticationPrincipal user: WebUser, @RequestParam("file", required = false) file: MultipartFile?,
        @RequestParam("account", required = false) account: String?,
    ): View {
        val choices = accounts.list(user.id, includeArchived = false)
        fun refused(field: String, message: String) = importStartPage(choices, account, FormErrors(mapOf(field to message)))
        val accountId = choices.firstOrNull { it.id.toString() == account }?.id ?: return refused("account", "Choose one of your accounts.")
        if (file == null || file.isEmpty) return refused("file", "Choose a file to import (CSV, TSV, OFX, QFX or QIF).")
        val upload = try {
            file.inputStream.use { imports.upload(user.id, file.originalFilename, it) }
        } catch (e: ApiException) {
            return importStartPage(choices, account, FormErrors.of(e, field = "file"))
        }
        return redirectTo("/app/import/${upload.id}?account=$accountId")
    }

    @GetMapping("/{id}")
    fun preview(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, request: HttpServletRequest): View =
        render(user, id, QueryParams.of(request), FormErrors.NONE)

    @PostMapping("/{id}/confirm")
    fun confirm(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, request: HttpServletRequest, redirect: RedirectAttributes): View {
        val params = QueryParams.of(request)
        val importRequest = request(params) ?: return render(user, id, params, FormErrors.NONE)
        val result = try {
            imports.confirm(user.id, id, importRequest).first
        } catch (e: ApiException) {
            if (e.status == HttpStatus.NOT_FOUND) throw e
            return render(user, id, params, FormErrors(general = FormErrors.generalMessage(e)))
        }
        return redirect.flash("Import finished.", "/app/import/${result.id}/done")
    }

    @GetMapping("/{id}/done")
    fun done(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View {
        val result = imports.result(user.id, id)
        return importDonePage(result, accounts.get(user.id, result.accountId))
    }

    /** The mapping form and the preview; a setting the service refuses is shown in the page, and nothing is previewed. */
    private fun render(user: WebUser, id: UUID, params: QueryParams, errors: FormErrors): View {
        val upload = imports.describe(user.id, id) // another person's upload: 404 before anything else
        val choices = accounts.list(user.id, includeArchived = false)
        val request = request(params)
        val (preview, problem) = try {
            request?.let { imports.preview(user.id, id, it) } to null
        } catch (e: ApiException) {
            null to (e.fieldErrors.firstOrNull()?.let { "${it.field}: ${it.message}" } ?: e.detail)
        }
        val messages = listOfNotNull(errors.general, problem, if (request == null) "Choose the account to import into." else null)
        val status = if (messages.isEmpty()) HttpStatus.OK else HttpStatus.BAD_REQUEST
        return importPreviewPage(upload, choices, request?.accountId, preview, messages, status)
    }

    /** The account and, when the form sent them, the CSV or QIF settings; null without a valid account of the caller's. */
    private fun request(params: QueryParams): ImportRequest? {
        val accountId = params.uuid("account") ?: return null
        val csv = params.text("dateFormat")?.let { dateFormat ->
            CsvSettingsDto(
                delimiter = params.text("delimiter")?.let { if (it == "tab") "\t" else it } ?: ",",
                hasHeader = params.flag("header") ?: false,
                dateFormat = dateFormat,
                decimalSeparator = params.text("decimal") ?: ".",
                columns = ColumnMapping(
                    date = params.text("c.date"), amount = params.text("c.amount"), debit = params.text("c.debit"), credit = params.text("c.credit"),
                    description = params.text("c.description"), seller = params.text("c.seller"), category = params.text("c.category"),
                    account = params.text("c.account"), currency = params.text("c.currency"), note = params.text("c.note"),
                    mode = params.text("c.mode"), transaction = params.text("c.transaction"),
                ),
            )
        }
        val qif = params.text("qif.dateFormat")?.let { QifSettingsDto(dateFormat = it, decimalSeparator = params.text("qif.decimal") ?: ".") }
        return ImportRequest(accountId, csv, qif)
    }
}

package outlay.ledger

import jakarta.servlet.http.HttpServletRequest
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.accounts.AccountService
import outlay.preferences.PreferenceService
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.util.UUID

/**
 * Transfers in the browser: record, edit, delete (with a confirmation page). The new-transfer
 * form carries the transfer's id from the moment it is drawn, so submitting it twice (a double
 * click, a resent POST) records one transfer.
 */
@PageController
@RequestMapping("/app/transfers")
class TransferPages(private val transfers: TransferService, private val accounts: AccountService, private val preferences: PreferenceService) : Pages {

    @GetMapping("/new")
    fun newForm(@AuthenticationPrincipal user: WebUser, @RequestParam(required = false) from: UUID?): View =
        transferFormPage(null, accounts.list(user.id, includeArchived = false), FormValues.of("id" to Ids.next(), "date" to preferences.today(user.id), "fromAccountId" to from), FormErrors.NONE)

    @PostMapping
    fun create(@AuthenticationPrincipal user: WebUser, request: HttpServletRequest, redirect: RedirectAttributes): View {
        val values = FormValues.of(request)
        val saved = try {
            transfers.create(user.id, TransferForm.read(values))
        } catch (e: ApiException) {
            return transferFormPage(null, accounts.list(user.id, includeArchived = false), values, FormErrors.of(e))
        }
        return redirect.flash(if (saved.created) "Transfer recorded." else "This transfer was already recorded.", "/app/transactions")
    }

    @GetMapping("/{id}")
    fun edit(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View {
        val transfer = transfers.get(user.id, id)
        return transferFormPage(transfer, accounts.list(user.id, includeArchived = true), TransferForm.values(transfer), FormErrors.NONE)
    }

    @PostMapping("/{id}")
    fun update(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, request: HttpServletRequest, redirect: RedirectAttributes): View {
        val values = FormValues.of(request)
        try {
            transfers.update(user.id, id, TransferForm.read(values))
        } catch (e: ApiException) {
            if (e.status.value() == 404) throw e
            return transferFormPage(transfers.get(user.id, id), accounts.list(user.id, includeArchived = true), values, FormErrors.of(e))
        }
        return redirect.flash("Transfer saved.", "/app/transactions")
    }

    /** The first post asks; the confirmation page's post (`confirmed`) deletes. */
    @PostMapping("/{id}/delete")
    fun delete(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @RequestParam(defaultValue = "false") confirmed: Boolean,
        redirect: RedirectAttributes,
    ): View {
        if (!confirmed) return transferDeletePage(transfers.get(user.id, id), accounts.list(user.id, includeArchived = true))
        transfers.delete(user.id, id)
        return redirect.flash("Transfer deleted.", "/app/transactions")
    }
}

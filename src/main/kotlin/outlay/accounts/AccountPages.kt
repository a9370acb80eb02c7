package outlay.accounts

import jakarta.servlet.http.HttpServletRequest
import jakarta.validation.Valid
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.validation.BindingResult
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.ModelAttribute
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.platform.ApiException
import outlay.web.Flash
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.util.UUID

/** Accounts in the browser: list, create, edit (rename, currency while unused, archive), remove. */
@PageController
@RequestMapping("/app/accounts")
class AccountPages(private val accounts: AccountService) : Pages {

    @GetMapping
    fun list(@AuthenticationPrincipal user: WebUser): View = accountListPage(accounts.withBalances(user.id, includeArchived = true))

    @GetMapping("/new")
    fun newForm(): View = accountFormPage(null, FormValues.EMPTY, FormErrors.NONE)

    @PostMapping
    fun create(
        @AuthenticationPrincipal user: WebUser, @Valid @ModelAttribute form: AccountRequest?, binding: BindingResult,
        request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        if (form == null || binding.hasErrors()) return accountFormPage(null, FormValues.of(request), FormErrors.of(binding))
        val account = try {
            accounts.create(user.id, form)
        } catch (e: ApiException) {
            return accountFormPage(null, FormValues.of(request), FormErrors.of(e))
        }
        return redirect.flash("Account \u201c${account.name}\u201d created.", "/app/accounts")
    }

    @GetMapping("/{id}")
    fun edit(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View {
        val account = accounts.get(user.id, id)
        return accountFormPage(account, account.toValues(), FormErrors.NONE)
    }

    @PostMapping("/{id}")
    fun update(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID,
        @Valid @ModelAttribute form: AccountRequest?, binding: BindingResult, request: HttpServletRequest,
        redirect: RedirectAttributes,
    ): View {
        // a refused form is drawn again with what was entered (reading the account only for that)
        if (form == null || binding.hasErrors()) return accountFormPage(accounts.get(user.id, id), FormValues.of(request), FormErrors.of(binding))
        val account = try {
            accounts.update(user.id, id, form)
        } catch (e: ApiException) {
            if (e.status.value() == 404) throw e
            return accountFormPage(accounts.get(user.id, id), FormValues.of(request), FormErrors.of(e, field = "currency"))
        }
        return redirect.flash("Account \u201c${account.name}\u201d saved.", "/app/accounts")
    }

    @PostMapping("/{id}/remove")
    fun remove(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, redirect: RedirectAttributes): View = try {
        when (val removal = accounts.remove(user.id, id)) {
            Removal.Deleted -> redirect.flash("Account deleted.", "/app/accounts")
            is Removal.Archived -> redirect.flash(
                "\u201c${removal.account.name}\u201d has transactions, so it was archived instead of deleted.", "/app/accounts",
            )
        }
    } catch (e: ApiException) {
        if (e.status.value() == 404) throw e
        redirect.flash(e.detail, "/app/accounts/$id", Flash.Kind.ERROR) // a recurring rule records into it
    }
}

private fun AccountView.toValues() = FormValues.of(
    "name" to name, "currency" to currency, "institution" to institution, "referenceNumber" to referenceNumber, "archived" to archived,
)

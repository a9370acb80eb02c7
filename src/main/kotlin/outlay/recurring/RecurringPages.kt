package outlay.recurring

import jakarta.servlet.http.HttpServletRequest
import org.springframework.format.annotation.DateTimeFormat
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.accounts.AccountService
import outlay.categories.CategoryService
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.preferences.PreferenceService
import outlay.sellers.SellerService
import outlay.web.Flash
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.time.LocalDate
import java.util.UUID

/**
 * Recurring rules in the browser: the list, a new rule, one rule with what it produced, edit and
 * delete (with a confirmation page), confirming or skipping pending occurrences, through [RecurringService], the service of `/recurring-rules`.
 * The new-rule form carries the rule's id from the moment it is drawn, so a resent POST makes one
 * rule. Another person's rule is the 404 page.
 */
@PageController
@RequestMapping("/app/recurring")
class RecurringPages(
    private val rules: RecurringService,
    private val pending: PendingOccurrences,
    private val form: RuleForm,
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
    private val preferences: PreferenceService,
) : Pages {
    @GetMapping
    fun list(@AuthenticationPrincipal user: WebUser): View = ruleListPage(rules.list(user.id), pending.list(user.id), choices(user.id))

    /** Confirm (records the transaction, once) or skip a pending occurrence, from the list's To confirm section. */
    @PostMapping("/{id:${Ids.UUID_PATTERN}}/occurrences/{date:${RecurringController.DAY}}")
    fun decide(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @PathVariable @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) date: LocalDate,
        @RequestParam(defaultValue = "") decision: String, redirect: RedirectAttributes,
    ): View {
        try {
            when (decision) {
                "confirm" -> pending.confirm(user.id, id, date)
                "skip" -> pending.skip(user.id, id, date)
                else -> return redirect.flash("Choose Confirm or Skip.", "/app/recurring", Flash.Kind.ERROR)
            }
        } catch (e: ApiException) {
            if (e.status.value() == 404) throw e
            return redirect.flash(e.detail, "/app/recurring", Flash.Kind.ERROR)
        }
        return redirect.flash(if (decision == "confirm") "Recorded." else "Skipped.", "/app/recurring")
    }

    @GetMapping("/new")
    fun newForm(@AuthenticationPrincipal user: WebUser): View = ruleFormPage(
        null, choices(user.id),
        FormValues.of("id" to Ids.next(), "every" to 1, "unit" to RepeatUnit.MONTHS.json, "startDate" to preferences.today(user.id)),
        FormErrors.NONE,
    )

    @PostMapping
    fun create(@AuthenticationPrincipal user: WebUser, request: HttpServletRequest, redirect: RedirectAttributes): View {
        val values = FormValues.of(request)
        val read = form.read(values)
        val saved = try {
            rules.create(user.id, read.request ?: return ruleFormPage(null, choices(user.id), values, read.errors))
        } catch (e: ApiException) {
            return ruleFormPage(null, choices(user.id), values, FormErrors.of(e))
        }
        return redirect.flash(if (saved.created) "Rule saved." else "This rule was already saved.", "/app/recurring/${saved.rule.id}")
    }

    @GetMapping("/{id:${Ids.UUID_PATTERN}}")
    fun show(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View {
        val rule = rules.get(user.id, id)
        return ruleFormPage(RuleWithOccurrences(rule, rules.occurrences(user.id, id)), choices(user.id), RuleForm.values(rule), FormErrors.NONE)
    }

    @PostMapping("/{id:${Ids.UUID_PATTERN}}")
    fun update(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, request: HttpServletRequest, redirect: RedirectAttributes): View {
        val stored = rules.get(user.id, id)
        val values = FormValues.of(request)
        fun again(errors: FormErrors) = ruleFormPage(RuleWithOccurrences(stored, rules.occurrences(user.id, id)), choices(user.id), values, errors)
        val read = form.read(values)
        try {
            rules.update(user.id, id, read.request ?: return again(read.errors))
        } catch (e: ApiException) {
            if (e.status.value() == 404) throw e
            return again(FormErrors.of(e))
        }
        return redirect.flash("Rule saved.", "/app/recurring/$id")
    }

    /** The first post asks; the confirmation page's post (`confirmed`) deletes. What the rule recorded stays. */
    @PostMapping("/{id:${Ids.UUID_PATTERN}}/delete")
    fun delete(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @RequestParam(defaultValue = "false") confirmed: Boolean,
        redirect: RedirectAttributes,
    ): View {
        if (!confirmed) return ruleDeletePage(rules.get(user.id, id))
        rules.delete(user.id, id)
        return redirect.flash("Rule deleted.", "/app/recurring")
    }

    private fun choices(userId: UUID) = RuleChoices(
        accounts.list(userId, includeArchived = false), categories.list(userId, includeArchived = false), sellers.list(userId),
    )
}

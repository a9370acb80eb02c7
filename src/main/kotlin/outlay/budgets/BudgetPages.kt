package outlay.budgets

import jakarta.servlet.http.HttpServletRequest
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.categories.CategoryService
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.util.UUID

@PageController
@RequestMapping("/app/budgets")
class BudgetPages(private val budgets: BudgetService, private val categories: CategoryService) : Pages {

    @GetMapping
    fun show(@AuthenticationPrincipal user: WebUser): View = page(user, FormValues.of(), FormErrors.NONE)

    @PostMapping
    fun save(
        @AuthenticationPrincipal user: WebUser, @RequestParam(required = false) target: String?, @RequestParam(required = false) amount: String?,
        request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        val category = if (target == null || target == OVERALL) null else runCatching { UUID.fromString(target) }.getOrNull()
        if (target == null || (target != OVERALL && category == null)) return page(user, FormValues.of(request), FormErrors(mapOf("target" to "Choose what the budget is for.")))
        try {
            budgets.set(user.id, category, BudgetRequest(amount.orEmpty()))
        } catch (e: ApiException) {
            // a category that is not the user's, or archived, is a reference in the form: explained beside the field
            return page(user, FormValues.of(request), FormErrors.of(e, field = "target"))
        }
        return redirect.flash("Budget saved.", "/app/budgets")
    }

    @PostMapping("/{target:$OVERALL|${Ids.UUID_PATTERN}}/delete")
    fun delete(@AuthenticationPrincipal user: WebUser, @PathVariable target: String, redirect: RedirectAttributes): View {
        budgets.delete(user.id, if (target == OVERALL) null else UUID.fromString(target))
        return redirect.flash("Budget removed.", "/app/budgets")
    }

    private fun page(user: WebUser, form: FormValues, errors: FormErrors): View {
        val status = budgets.status(user.id, null) // with the home currency: the preferences are read once
        val home = status.homeCurrency
        return budgetPage(status, if (home == null) emptyList() else categories.list(user.id, includeArchived = false), home, form, errors)
    }

    private companion object {
        const val OVERALL = "overall"
    }
}

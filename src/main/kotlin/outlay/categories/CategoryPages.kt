package outlay.categories

import jakarta.servlet.http.HttpServletRequest
import jakarta.validation.Valid
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.validation.BindingResult
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.ModelAttribute
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.platform.ApiException
import outlay.platform.NotFoundException
import outlay.web.Flash
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.util.UUID

/** Categories in the browser: the built-in ones and the person's own, with child categories and icons. */
@PageController
@RequestMapping("/app/categories")
class CategoryPages(private val categories: CategoryService) : Pages {

    @GetMapping
    fun list(@AuthenticationPrincipal user: WebUser): View = categoryListPage(categories.list(user.id, includeArchived = true))

    @GetMapping("/new")
    fun newForm(@AuthenticationPrincipal user: WebUser, @RequestParam(required = false) parent: UUID?): View =
        categoryFormPage(null, FormValues.of("icon" to "category", "parentId" to parent), parents(user), FormErrors.NONE)

    @PostMapping
    fun create(
        @AuthenticationPrincipal user: WebUser, @Valid @ModelAttribute form: CategoryRequest?, binding: BindingResult,
        request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        if (form == null || binding.hasErrors()) return categoryFormPage(null, FormValues.of(request), parents(user), FormErrors.of(binding))
        val category = try {
            categories.create(user.id, form)
        } catch (e: ApiException) {
            return categoryFormPage(null, FormValues.of(request), parents(user), FormErrors.of(e))
        }
        return redirect.flash("Category \u201c${category.name}\u201d created.", "/app/categories")
    }

    @GetMapping("/{id}")
    fun edit(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View {
        val category = own(user, id)
        val values = FormValues.of("name" to category.name, "icon" to category.icon, "archived" to category.archived)
        return categoryFormPage(category, values, emptyList(), FormErrors.NONE)
    }

    @PostMapping("/{id}")
    fun update(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @Valid @ModelAttribute form: CategoryRequest?,
        binding: BindingResult, request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        if (form == null || binding.hasErrors()) return categoryFormPage(own(user, id), FormValues.of(request), emptyList(), FormErrors.of(binding))
        val category = try {
            categories.update(user.id, id, form)
        } catch (e: ApiException) {
            if (e.status.value() == 404) throw e
            return categoryFormPage(own(user, id), FormValues.of(request), emptyList(), FormErrors.of(e))
        }
        return redirect.flash("Category \u201c${category.name}\u201d saved.", "/app/categories")
    }

    @PostMapping("/{id}/delete")
    fun delete(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, redirect: RedirectAttributes): View = try {
        categories.delete(user.id, id)
        redirect.flash("Category deleted.", "/app/categories")
    } catch (e: ApiException) {
        if (e.status.value() == 404) throw e
        redirect.flash(e.detail, "/app/categories/$id", Flash.Kind.ERROR)
    }

    /** Only the person's own categories have an edit page; a built-in one reads as not found here. */
    private fun own(user: WebUser, id: UUID): CategoryView =
        categories.get(user.id, id).takeUnless { it.builtIn } ?: throw NotFoundException("Category not found.")

    /** Categories a new one may sit under: top-level, not archived. */
    private fun parents(user: WebUser) = categories.list(user.id, includeArchived = false).filter { it.parentId == null }
}

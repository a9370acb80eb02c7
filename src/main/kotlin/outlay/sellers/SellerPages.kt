package outlay.sellers

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
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.util.UUID

/** Sellers in the browser: list, create, rename, and their locations (add with "use my location", remove). */
@PageController
@RequestMapping("/app/sellers")
class SellerPages(private val sellers: SellerService) : Pages {

    @GetMapping
    fun list(@AuthenticationPrincipal user: WebUser): View = sellerListPage(sellers.list(user.id))

    @GetMapping("/new")
    fun newForm(): View = newSellerPage(FormValues.EMPTY, FormErrors.NONE)

    @PostMapping
    fun create(
        @AuthenticationPrincipal user: WebUser, @Valid @ModelAttribute form: SellerRequest?, binding: BindingResult,
        request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        if (form == null || binding.hasErrors()) return newSellerPage(FormValues.of(request), FormErrors.of(binding))
        val seller = try {
            sellers.create(user.id, form)
        } catch (e: ApiException) {
            return newSellerPage(FormValues.of(request), FormErrors.of(e))
        }
        return redirect.flash("Seller \u201c${seller.name}\u201d created. Add where it is, if you like.", "/app/sellers/${seller.id}")
    }

    @GetMapping("/{id}")
    fun edit(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View =
        sellers.get(user.id, id).let { sellerPage(it, it.values(), FormValues.EMPTY, FormErrors.NONE) }

    @PostMapping("/{id}")
    fun rename(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @Valid @ModelAttribute form: SellerUpdate?,
        binding: BindingResult, request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        if (form == null || binding.hasErrors()) {
            return sellerPage(sellers.get(user.id, id), FormValues.of(request), FormValues.EMPTY, FormErrors.of(binding))
        }
        // an unticked box sends nothing: the form's answer is "not archived"
        val seller = sellers.rename(user.id, id, form.copy(archived = request.getParameter("archived") == "true"))
        return redirect.flash("Seller \u201c${seller.name}\u201d saved.", "/app/sellers/$id")
    }

    @PostMapping("/{id}/remove")
    fun remove(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, redirect: RedirectAttributes): View =
        when (val removal = sellers.remove(user.id, id)) {
            SellerRemoval.Deleted -> redirect.flash("Seller deleted.", "/app/sellers")
            is SellerRemoval.Archived -> redirect.flash(
                "\u201c${removal.seller.name}\u201d is named by your transactions or rules, so it was archived instead of deleted.", "/app/sellers",
            )
        }

    @PostMapping("/{id}/locations")
    fun addLocation(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @Valid @ModelAttribute location: LocationRequest?,
        binding: BindingResult, request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        val errors = if (location == null || binding.hasErrors()) {
            FormErrors.of(binding)
        } else {
            try {
                sellers.addLocation(user.id, id, location)
                return redirect.flash("Location added.", "/app/sellers/$id")
            } catch (e: ApiException) {
                if (e.status.value() == 404) throw e
                FormErrors.of(e)
            }
        }
        val seller = sellers.get(user.id, id)
        return sellerPage(seller, seller.values(), FormValues.of(request), errors)
    }

    @PostMapping("/{id}/locations/{locationId}/delete")
    fun deleteLocation(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @PathVariable locationId: UUID, redirect: RedirectAttributes,
    ): View {
        sellers.deleteLocation(user.id, id, locationId)
        return redirect.flash("Location removed.", "/app/sellers/$id")
    }
}

private fun SellerView.values() = FormValues.of("name" to name, "archived" to archived)

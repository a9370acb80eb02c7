package outlay.preferences

import jakarta.servlet.http.HttpServletRequest
import jakarta.validation.Valid
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.validation.BindingResult
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.ModelAttribute
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

@PageController
@RequestMapping("/app/preferences")
class PreferencePages(private val preferences: PreferenceService) : Pages {

    @GetMapping
    fun show(@AuthenticationPrincipal user: WebUser): View {
        val current = preferences.get(user.id)
        return preferencePage(FormValues.of("homeCurrency" to current.homeCurrency, "timeZone" to current.timeZone.id), FormErrors.NONE)
    }

    @PostMapping
    fun save(
        @AuthenticationPrincipal user: WebUser, @Valid @ModelAttribute form: PreferenceRequest?, binding: BindingResult,
        request: HttpServletRequest, redirect: RedirectAttributes,
    ): View {
        if (form == null || binding.hasErrors()) return preferencePage(FormValues.of(request), FormErrors.of(binding))
        try {
            preferences.update(user.id, form.copy(homeCurrency = form.homeCurrency?.ifEmpty { null })) // the "None" option
        } catch (e: ApiException) {
            return preferencePage(FormValues.of(request), FormErrors.of(e))
        }
        return redirect.flash("Preferences saved.", "/app/preferences")
    }
}

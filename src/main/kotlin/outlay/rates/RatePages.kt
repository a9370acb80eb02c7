package outlay.rates

import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.ModelAttribute
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.platform.ApiException
import outlay.platform.InputDomainViolation
import outlay.platform.InputDomains
import outlay.platform.ValidationException
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.time.LocalDate

/** What the rate form posts: text as typed, checked by the same service as the JSON API. */
data class RateForm(val base: String = "", val quote: String = "", val day: String = "", val rate: String = "")

/** The user's own exchange rates in the browser: the list, one form to enter a rate, and removing one. */
@PageController
@RequestMapping("/app/rates")
class RatePages(private val rates: RateService) : Pages {

    @GetMapping
    fun list(@AuthenticationPrincipal user: WebUser): View = ratesPage(rates.list(user.id), FormValues.EMPTY, FormErrors.NONE)

    @PostMapping
    fun put(@AuthenticationPrincipal user: WebUser, @ModelAttribute form: RateForm, redirect: RedirectAttributes): View {
        val values = FormValues.of("base" to form.base, "quote" to form.quote, "day" to form.day, "rate" to form.rate)
        val day = try {
            InputDomains.parseDate(form.day.trim())
        } catch (e: InputDomainViolation) {
            return ratesPage(rates.list(user.id), values, FormErrors.of(ValidationException("day", e.message!!)))
        }
        val base = form.base.trim().uppercase()
        val quote = form.quote.trim().uppercase()
        try {
            rates.put(user.id, base, quote, day, RateRequest(form.rate.trim()))
        } catch (e: ApiException) {
            return ratesPage(rates.list(user.id), values, FormErrors.of(e))
        }
        return redirect.flash("Rate saved: 1 $base = ${form.rate.trim()} $quote on $day.", "/app/rates")
    }

    @PostMapping("/delete")
    fun delete(@AuthenticationPrincipal user: WebUser, @ModelAttribute form: RateForm, redirect: RedirectAttributes): View {
        val day = parseDay(form.day) ?: return redirect.flash("That rate was not found.", "/app/rates")
        rates.delete(user.id, form.base, form.quote, day)
        return redirect.flash("Rate removed.", "/app/rates")
    }

    private fun parseDay(text: String): LocalDate? = runCatching { InputDomains.parseDate(text.trim()) }.getOrNull()
}

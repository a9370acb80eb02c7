package outlay.web

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import kotlinx.html.HTML
import kotlinx.html.html
import kotlinx.html.stream.appendHTML
import org.springframework.http.HttpStatus
import org.springframework.security.core.context.SecurityContextHolder
import org.springframework.security.web.csrf.CsrfToken
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import org.springframework.web.servlet.support.RequestContextUtils
import org.springframework.web.servlet.view.RedirectView
import java.util.Locale

/**
 * What a template may know about the request it renders: who is signed in, their language (for
 * money and dates), the CSRF token every form carries, and the flash message of the previous
 * redirect. Built when the view renders; templates receive it as a parameter.
 */
class Page(
    val user: WebUser?,
    val locale: Locale,
    val csrf: CsrfToken?,
    val flash: Flash?,
    /** The request path, e.g. /app/accounts: the navigation marks the current section with it. */
    val path: String,
    /** Whether htmx asked for this page (a boosted link or form): the same page is rendered either way. */
    val htmx: Boolean,
    /** The request's query string (a filter page links its export with it), or null. */
    val query: String? = null,
) {
    val money: MoneyFormat by lazy { MoneyFormat(locale) }

    companion object {
        fun of(request: HttpServletRequest, model: Map<String, *>?): Page = Page(
            user = SecurityContextHolder.getContext().authentication?.principal as? WebUser,
            locale = RequestContextUtils.getLocale(request),
            csrf = request.getAttribute(CsrfToken::class.java.name) as? CsrfToken,
            flash = model?.get(Flash.ATTRIBUTE) as? Flash,
            path = request.requestURI.removePrefix(request.contextPath),
            htmx = request.getHeader("HX-Request") != null,
            query = request.queryString,
        )
    }
}

/** A short message shown once on the page after a redirect ("Account saved."). */
data class Flash(val text: String, val kind: Kind = Kind.SUCCESS) : java.io.Serializable {
    enum class Kind { SUCCESS, INFO, ERROR }

    companion object {
        const val ATTRIBUTE = "flash"
    }
}

/** Redirect-after-post with a flash message: `return redirect.flash("Account saved.", "/app/accounts")`. */
fun RedirectAttributes.flash(text: String, to: String, kind: Flash.Kind = Flash.Kind.SUCCESS): View {
    addFlashAttribute(Flash.ATTRIBUTE, Flash(text, kind))
    return redirectTo(to)
}

fun redirectTo(path: String): View = RedirectView(path, true).apply { setExposeModelAttributes(false) }

/**
 * A whole HTML document rendered by kotlinx.html straight into the response. Page controllers
 * return one (from a template function) or a redirect; Spring MVC renders either as a [View].
 */
class HtmlView(private val status: HttpStatus = HttpStatus.OK, private val document: HTML.(Page) -> Unit) : View {
    override fun getContentType() = CONTENT_TYPE

    override fun render(model: Map<String, *>?, request: HttpServletRequest, response: HttpServletResponse) {
        val page = Page.of(request, model)
        response.status = status.value()
        response.contentType = CONTENT_TYPE
        val out = response.writer
        out.append("<!DOCTYPE html>")
        out.appendHTML(prettyPrint = false).html { document(page) }
        out.flush()
    }

    companion object {
        const val CONTENT_TYPE = "text/html;charset=UTF-8"
    }
}

package outlay.web

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h1
import kotlinx.html.p
import org.slf4j.LoggerFactory
import org.springframework.core.Ordered
import org.springframework.dao.DataIntegrityViolationException
import org.springframework.http.HttpStatus
import org.springframework.security.access.AccessDeniedException
import org.springframework.security.web.csrf.CsrfException
import org.springframework.security.web.csrf.CsrfToken
import org.springframework.stereotype.Component
import org.springframework.web.HttpRequestMethodNotSupportedException
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException
import org.springframework.web.multipart.MaxUploadSizeExceededException
import org.springframework.web.multipart.MultipartException
import org.springframework.web.servlet.HandlerExceptionResolver
import org.springframework.web.servlet.ModelAndView
import org.springframework.web.servlet.NoHandlerFoundException
import org.springframework.web.servlet.resource.NoResourceFoundException
import outlay.platform.ApiException
import outlay.platform.DatabaseAvailability

/**
 * Failures of pages (anything under /app) render as a page inside the app's layout — the 404
 * page for an unknown URL or another user's id, a friendly page otherwise — never a stack
 * trace or a problem document. Other paths fall through to the JSON problem handler.
 */
@Component
class WebErrorPages(private val database: DatabaseAvailability) : HandlerExceptionResolver, Ordered {
    private val log = LoggerFactory.getLogger(javaClass)

    override fun getOrder() = Ordered.HIGHEST_PRECEDENCE

    override fun resolveException(request: HttpServletRequest, response: HttpServletResponse, handler: Any?, failure: Exception): ModelAndView? {
        val path = request.requestURI.removePrefix(request.contextPath)
        if (path != "/app" && !path.startsWith("/app/")) return null
        // the database unreachable or its pool busy: the page says so (503, Retry-After), not "something went wrong"
        val e = database.unavailable(failure) ?: failure
        val multipart = request.contentType?.startsWith("multipart/", ignoreCase = true) == true
        val view = when {
            // without JavaScript the token travels inside the multipart body, which is not read when it is too big
            e is CsrfException && multipart -> errorPage(
                HttpStatus.FORBIDDEN, "The file was not uploaded",
                "The file may be too big, or the page was open for a long time. Go back, reload the page and try again (with a smaller file).",
            )
            e is MaxUploadSizeExceededException -> errorPage(
                HttpStatus.CONTENT_TOO_LARGE, "That file is too big",
                "Nothing was uploaded." + (e.maxUploadSize.takeIf { it > 0 }?.let { " Files may be at most ${it / 1024 / 1024} MB." } ?: "") +
                    " Go back and choose a smaller file.",
            )
            e is MultipartException -> errorPage(HttpStatus.BAD_REQUEST, "The upload could not be read", "Nothing was uploaded. Go back and try again.")
            e is CsrfException -> errorPage(
                HttpStatus.FORBIDDEN, "This form has expired",
                "The page was open for a long time or you signed in elsewhere. Go back, reload the page and try again.",
            )
            e is AccessDeniedException -> errorPage(HttpStatus.FORBIDDEN, "Not allowed", "You may not do this.")
            e is NoResourceFoundException || e is NoHandlerFoundException || e is MethodArgumentTypeMismatchException -> notFound()
            e is ApiException && e.status == HttpStatus.NOT_FOUND -> notFound()
            e is ApiException -> errorPage(e.status, "That did not work", FormErrors.generalMessage(e))
            e is HttpRequestMethodNotSupportedException -> notFound()
            e is DataIntegrityViolationException -> errorPage(
                HttpStatus.CONFLICT, "That is still in use",
                "Something else refers to it (a transaction, for example), so it was not changed.",
            )
            else -> {
                log.error("Unhandled error on page {} {}", request.method, request.requestURI, e)
                errorPage(
                    HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong",
                    "Nothing was changed. Please try again; if it keeps happening, the server's log says why.",
                )
            }
        }
        if (e is ApiException) e.retryAfter?.let { response.setHeader("Retry-After", it.toSeconds().coerceAtLeast(1).toString()) }
        // Busy or without its database, the page must not need it: the form token lives in the browser session,
        // whose lookup is what may have just failed. Without it the layout leaves its forms tokenless.
        if (e is ApiException && e.status == HttpStatus.SERVICE_UNAVAILABLE) request.removeAttribute(CsrfToken::class.java.name)
        view.render(null, request, response)
        return ModelAndView() // rendered: stop here
    }

    companion object {
        fun notFound() = errorPage(
            HttpStatus.NOT_FOUND, "Page not found",
            "There is nothing here. The link may be old, or what it pointed to was removed.",
        )

        fun errorPage(status: HttpStatus, title: String, text: String) = appPage(title, null, status) {
            div("card") {
                div("empty") {
                    div("empty-icon") { icon(if (status == HttpStatus.NOT_FOUND) "search" else "warning") }
                    h1 { +title }
                    p { +text }
                    a("/app", classes = "button primary") { icon("home"); +"Go to Home" }
                }
            }
        }
    }
}

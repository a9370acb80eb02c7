package outlay.auth

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import jakarta.validation.Valid
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.web.savedrequest.HttpSessionRequestCache
import outlay.web.PageController
import outlay.web.Pages
import org.springframework.validation.BindingResult
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.ModelAttribute
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import java.net.URI
import outlay.platform.ApiException
import outlay.platform.ProblemType
import outlay.web.FormErrors
import outlay.web.WebSessions
import outlay.web.WebUser
import outlay.web.redirectTo

/**
 * Sign in and sign up in the browser. The credentials go through [AuthService] — the same rate
 * limits and hashing pool as `POST /auth/login` — and a browser session replaces the tokens.
 * Sign-out is Spring Security's logout filter (POST /app/signout).
 */
@PageController
@RequestMapping("/app")
class AuthPages(private val auth: AuthService, private val sessions: WebSessions) : Pages {
    private val savedRequests = HttpSessionRequestCache()

    @GetMapping("/signin")
    fun signInForm(@AuthenticationPrincipal user: WebUser?, request: HttpServletRequest): View = when {
        user != null -> redirectTo("/app")
        // bare flags (?expired, ?signedOut) set by the sign-in entry point and the logout filter
        else -> signInPage(SignInForm(), FormErrors.NONE, notice = signInNotice(request.getParameter("expired") != null, request.getParameter("signedOut") != null))
    }

    @PostMapping("/signin")
    fun signIn(
        @Valid @ModelAttribute form: LoginRequest?, binding: BindingResult,
        request: HttpServletRequest, response: HttpServletResponse,
    ): View {
        if (form == null || binding.hasErrors()) return signInPage(SignInForm(request.getParameter("email").orEmpty()), FormErrors.of(binding))
        val user = try {
            auth.authenticate(form, request.remoteAddr)
        } catch (e: ApiException) {
            return signInPage(SignInForm(form.email), FormErrors(general = FormErrors.generalMessage(e)), status = e.status)
        }
        val target = pageAskedFor(request, response)
        sessions.signIn(user.toWebUser(), request, response)
        return redirectTo(target)
    }

    @GetMapping("/signup")
    fun signUpForm(@AuthenticationPrincipal user: WebUser?): View =
        if (user != null) redirectTo("/app") else signUpPage(SignUpForm(), FormErrors.NONE)

    @PostMapping("/signup")
    fun signUp(
        @Valid @ModelAttribute form: RegisterRequest?, binding: BindingResult,
        request: HttpServletRequest, response: HttpServletResponse,
    ): View {
        val shown = SignUpForm(request.getParameter("email").orEmpty(), request.getParameter("displayName").orEmpty())
        if (form == null || binding.hasErrors()) return signUpPage(shown, FormErrors.of(binding))
        val user = try {
            auth.register(form, request.remoteAddr)
        } catch (e: ApiException) {
            val errors = FormErrors.of(e, field = "email".takeIf { e.type == ProblemType.EMAIL_TAKEN })
            return signUpPage(shown, errors, status = e.status)
        }
        sessions.signIn(user.toWebUser(), request, response) // registration hashed the password; no second hash
        return redirectTo("/app")
    }

    /** The page that sent the person here to sign in (a session expired mid-way), else Home. Only our own pages. */
    private fun pageAskedFor(request: HttpServletRequest, response: HttpServletResponse): String {
        val saved = savedRequests.getRequest(request, response)?.redirectUrl ?: return "/app"
        savedRequests.removeRequest(request, response)
        val uri = runCatching { URI(saved) }.getOrNull() ?: return "/app"
        val path = uri.rawPath ?: return "/app"
        if (path != "/app" && !path.startsWith("/app/")) return "/app"
        // Spring Security marks the saved request's URL with a bare "continue" parameter; drop it
        val query = uri.rawQuery?.split('&')?.filter { it != "continue" && !it.startsWith("continue=") }?.joinToString("&")
        return path + (query?.takeIf { it.isNotEmpty() }?.let { "?$it" } ?: "")
    }
}

private fun UserView.toWebUser() = WebUser(id, email, displayName)

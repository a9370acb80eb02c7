package outlay.web

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken
import org.springframework.security.core.context.SecurityContextHolder
import org.springframework.security.web.authentication.session.ChangeSessionIdAuthenticationStrategy
import org.springframework.security.web.authentication.session.CompositeSessionAuthenticationStrategy
import org.springframework.security.web.context.HttpSessionSecurityContextRepository
import org.springframework.security.web.csrf.CsrfAuthenticationStrategy
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository
import org.springframework.stereotype.Component

/**
 * Starts a browser session for a person whose credentials a service has checked: the same steps
 * Spring Security's form login takes (a new session id against fixation, a fresh CSRF token, the
 * security context saved in the session), done by Spring Security's own strategies.
 */
@Component
class WebSessions {
    val contexts = HttpSessionSecurityContextRepository()
    val csrfTokens = HttpSessionCsrfTokenRepository()
    private val onSignIn = CompositeSessionAuthenticationStrategy(
        listOf(ChangeSessionIdAuthenticationStrategy(), CsrfAuthenticationStrategy(csrfTokens)),
    )

    fun signIn(user: WebUser, request: HttpServletRequest, response: HttpServletResponse) {
        request.getSession(true) // changeSessionId needs a session to change
        val authentication = UsernamePasswordAuthenticationToken.authenticated(user, null, emptyList())
        onSignIn.onAuthentication(authentication, request, response)
        val context = SecurityContextHolder.getContextHolderStrategy().createEmptyContext().apply { this.authentication = authentication }
        SecurityContextHolder.getContextHolderStrategy().context = context
        contexts.saveContext(context, request, response)
    }
}

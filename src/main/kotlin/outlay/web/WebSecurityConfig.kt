package outlay.web

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.annotation.Order
import org.springframework.security.config.annotation.web.builders.HttpSecurity
import org.springframework.security.core.AuthenticationException
import org.springframework.security.web.AuthenticationEntryPoint
import org.springframework.security.web.SecurityFilterChain
import outlay.platform.ProblemSecurityHandlers

/**
 * The web app's filter chain, consulted before the JSON API's: pages, their assets, and `/`.
 * A cookie session (Spring Session JDBC) with Spring Security's CSRF protection; the API chain
 * stays bearer-only and stateless, so the session cookie never authorizes an API call.
 */
@Configuration
class WebSecurityConfig {

    @Bean
    @Order(1)
    fun webSecurityFilterChain(http: HttpSecurity, sessions: WebSessions, problems: ProblemSecurityHandlers): SecurityFilterChain {
        // The lambda API, as in outlay.platform.SecurityConfig: the Kotlin DSL's customizer-bean searches cost each start.
        http
            .securityMatcher("/", "/app", "/app/**", "/assets/**", "/webjars/**")
            .authorizeHttpRequests { requests ->
                requests.requestMatchers("/", "/assets/**", "/webjars/**", "/app/signin", "/app/signup").permitAll()
                requests.anyRequest().authenticated()
            }
            .csrf { it.csrfTokenRepository(sessions.csrfTokens) }
            .securityContext { it.securityContextRepository(sessions.contexts) }
            .httpBasic { it.disable() }
            .formLogin { it.disable() } // outlay.auth.AuthPages signs in through AuthService (rate limits, hashing pool)
            .logout {
                it.logoutUrl("/app/signout")
                    .logoutSuccessUrl("/app/signin?signedOut")
                    .invalidateHttpSession(true) // deletes the session row: the cookie is worthless afterwards
                    .deleteCookies(SESSION_COOKIE)
            }
            .exceptionHandling {
                it.authenticationEntryPoint(SignInEntryPoint())
                    .accessDeniedHandler(problems) // a missing or stale CSRF token: rendered as a page by WebErrorPages
            }
        return http.build()
    }

    /** Not signed in: to the sign-in page, saying so when the browser's session has expired. htmx follows HX-Redirect. */
    private class SignInEntryPoint : AuthenticationEntryPoint {
        override fun commence(request: HttpServletRequest, response: HttpServletResponse, e: AuthenticationException) {
            val expired = request.requestedSessionId != null && !request.isRequestedSessionIdValid
            val target = request.contextPath + "/app/signin" + if (expired) "?expired" else ""
            if (request.getHeader("HX-Request") != null) {
                response.setHeader("HX-Redirect", target)
                response.status = HttpServletResponse.SC_UNAUTHORIZED
            } else {
                response.sendRedirect(target)
            }
        }
    }

    companion object {
        const val SESSION_COOKIE = "OUTLAY_SESSION"
    }
}

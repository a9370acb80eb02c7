package outlay.platform

import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.security.authorization.AuthorizationDecision
import org.springframework.security.authorization.AuthorizationManager
import org.springframework.security.config.annotation.web.builders.HttpSecurity
import org.springframework.security.config.annotation.web.invoke
import org.springframework.security.config.http.SessionCreationPolicy
import org.springframework.security.oauth2.jwt.JwtDecoder
import org.springframework.security.web.SecurityFilterChain
import org.springframework.security.web.access.intercept.RequestAuthorizationContext
import java.net.InetAddress

@Configuration
class SecurityConfig {

    @Bean
    fun securityFilterChain(http: HttpSecurity, jwtDecoder: JwtDecoder, problems: ProblemSecurityHandlers): SecurityFilterChain {
        http {
            csrf { disable() } // bearer tokens only: no cookies, so no cross-site request forgery
            httpBasic { disable() }
            formLogin { disable() }
            logout { disable() }
            sessionManagement { sessionCreationPolicy = SessionCreationPolicy.STATELESS }
            authorizeHttpRequests {
                authorize("/auth/**", permitAll)
                authorize("/.well-known/jwks.json", permitAll)
                authorize("/v3/api-docs/**", permitAll)
                authorize("/swagger-ui/**", permitAll)
                authorize("/swagger-ui.html", permitAll)
                authorize("/actuator/health/**", permitAll)
                authorize("/actuator/info", permitAll)
                // Metrics reveal traffic shape: scrapers on the same host (or a separate management port) only.
                authorize("/actuator/**", loopbackOnly)
                authorize("/error", permitAll)
                authorize(anyRequest, authenticated)
            }
            oauth2ResourceServer {
                jwt { this.jwtDecoder = jwtDecoder }
                authenticationEntryPoint = problems
                accessDeniedHandler = problems
            }
            exceptionHandling {
                authenticationEntryPoint = problems
                accessDeniedHandler = problems
            }
        }
        return http.build()
    }

    private val loopbackOnly = AuthorizationManager<RequestAuthorizationContext> { _, ctx ->
        AuthorizationDecision(runCatching { InetAddress.getByName(ctx.request.remoteAddr).isLoopbackAddress }.getOrDefault(false))
    }
}

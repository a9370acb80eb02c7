package outlay.platform

import jakarta.servlet.FilterChain
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken
import org.springframework.security.authorization.AuthorizationDecision
import org.springframework.security.authorization.AuthorizationManager
import org.springframework.security.config.Customizer
import org.springframework.security.config.annotation.web.builders.HttpSecurity
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer
import org.springframework.security.config.http.SessionCreationPolicy
import org.springframework.security.config.observation.SecurityObservationSettings
import org.springframework.security.core.authority.SimpleGrantedAuthority
import org.springframework.security.core.context.SecurityContextHolder
import org.springframework.security.core.context.SecurityContextImpl
import org.springframework.security.oauth2.jwt.JwtDecoder
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver
import org.springframework.security.web.SecurityFilterChain
import org.springframework.security.web.access.intercept.RequestAuthorizationContext
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter
import org.springframework.security.web.firewall.StrictHttpFirewall
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter
import org.springframework.web.filter.OncePerRequestFilter
import java.net.InetAddress

@Configuration
class SecurityConfig {

    @Bean
    fun securityFilterChain(http: HttpSecurity, jwtDecoder: JwtDecoder, problems: ProblemSecurityHandlers): SecurityFilterChain {
        // The lambda API rather than the Kotlin DSL: the DSL searches the context for its own customizer beans
        // on every chain it builds, ~0.08 s of each start across 650 bean definitions, for beans Outlay never declares.
        http
            .csrf { it.disable() } // bearer tokens only: no cookies, so no cross-site request forgery
            .httpBasic { it.disable() }
            .formLogin { it.disable() }
            .logout { it.disable() }
            .sessionManagement { it.sessionCreationPolicy(SessionCreationPolicy.STATELESS) }
            .authorizeHttpRequests { requests ->
                requests.requestMatchers(*PublicPaths.API.toTypedArray()).permitAll()
                requests.requestMatchers("/v3/api-docs/**", "/swagger-ui/**", "/swagger-ui.html", "/actuator/info").permitAll()
                // Metrics reveal traffic shape: scrapers on the same host (or a separate management port) only.
                requests.requestMatchers("/actuator/**").access(loopbackOnly)
                requests.requestMatchers("/error").permitAll()
                requests.anyRequest().authenticated()
            }
            .oauth2ResourceServer { server ->
                server.jwt { it.decoder(jwtDecoder) }
                server.bearerTokenResolver(publicPathsIgnoreTokens)
                server.authenticationEntryPoint(problems)
                server.accessDeniedHandler(problems)
            }
            .exceptionHandling { it.authenticationEntryPoint(problems).accessDeniedHandler(problems) }
            .headers { headers ->
                headers.contentTypeOptions(Customizer.withDefaults())
                headers.frameOptions { it.deny() }
                headers.referrerPolicy { it.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER) }
                // Swagger UI is the one set of pages this chain serves; everything else is data.
                headers.addHeaderWriter { request, response ->
                    val ui = request.requestURI.startsWith("/swagger-ui")
                    response.setHeader("Content-Security-Policy", if (ui) SWAGGER_UI_CSP else SecurityHeaders.API_CSP)
                }
            }
            .addFilterBefore(LoopbackOperatorFilter(), AnonymousAuthenticationFilter::class.java)
        return http.build()
    }

    /**
     * Any method reaches Spring MVC, which answers an unknown one with 405 and `Allow` (the
     * default firewall answered 400): handlers are mapped per method, so nothing else changes.
     */
    @Bean
    fun firewall() = WebSecurityCustomizer { web ->
        web.httpFirewall(
            StrictHttpFirewall().apply {
                setUnsafeAllowAnyHttpMethod(true)
                setAllowedHeaderValues(BearerHeaders.allowedValues)
            },
        )
    }

    /**
     * Spring Security's observations are off (`management.observations.enable.spring.security`
     * in application.yaml), but with an observation registry present its filter chain would still
     * wrap each of its filters, and its authentication manager, per request, to observe nothing.
     */
    @Bean
    fun securityObservationSettings(): SecurityObservationSettings = SecurityObservationSettings.noObservations()

    /**
     * A public operation (sign-up, sign-in, refresh, logout, the keys, health) does not look at an
     * `Authorization` header: a stale or malformed token sent out of habit must not turn a sign-in
     * or a health probe into a 401.
     */
    private val publicPathsIgnoreTokens = BearerHeaders.resolver().let { resolver ->
        BearerTokenResolver { request -> if (PublicPaths.isPublic(request.requestURI)) null else resolver.resolve(request) }
    }

    private val loopbackOnly = AuthorizationManager<RequestAuthorizationContext> { _, ctx -> AuthorizationDecision(isLoopback(ctx.request)) }

    private companion object {
        const val SWAGGER_UI_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
    }
}

private fun isLoopback(request: HttpServletRequest) =
    runCatching { InetAddress.getByName(request.remoteAddr).isLoopbackAddress }.getOrDefault(false)

/**
 * A caller on the server's own host is its operator for the actuator endpoints: health shows its
 * components and disk to it (`management.endpoint.health.roles`), to everyone else only its status.
 */
private class LoopbackOperatorFilter : OncePerRequestFilter() {
    override fun shouldNotFilter(request: HttpServletRequest) = !request.isActuator()

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        if (SecurityContextHolder.getContext().authentication == null && isLoopback(request)) {
            SecurityContextHolder.setContext(
                SecurityContextImpl(UsernamePasswordAuthenticationToken.authenticated("loopback", null, listOf(SimpleGrantedAuthority("ROLE_OPERATOR")))),
            )
        }
        chain.doFilter(request, response)
    }
}

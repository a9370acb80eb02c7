package outlay.platform

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.security.access.AccessDeniedException
import org.springframework.security.core.AuthenticationException
import org.springframework.security.web.AuthenticationEntryPoint
import org.springframework.security.web.access.AccessDeniedHandler
import org.springframework.stereotype.Component
import org.springframework.web.servlet.HandlerExceptionResolver

/**
 * Security failures happen in the filter chain, before Spring MVC. Forwarding them to MVC's
 * exception resolver makes [ProblemHandler] the only place that renders problem documents.
 */
@Component
class ProblemSecurityHandlers(
    @Qualifier("handlerExceptionResolver") private val resolver: HandlerExceptionResolver,
) : AuthenticationEntryPoint, AccessDeniedHandler {
    override fun commence(request: HttpServletRequest, response: HttpServletResponse, e: AuthenticationException) {
        resolver.resolveException(request, response, null, e)
    }

    override fun handle(request: HttpServletRequest, response: HttpServletResponse, e: AccessDeniedException) {
        resolver.resolveException(request, response, null, e)
    }
}

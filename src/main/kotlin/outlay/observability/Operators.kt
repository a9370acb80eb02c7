package outlay.observability

import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.context.annotation.Configuration
import org.springframework.security.core.context.SecurityContextHolder
import org.springframework.stereotype.Component
import org.springframework.web.servlet.HandlerInterceptor
import org.springframework.web.servlet.config.annotation.InterceptorRegistry
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer
import outlay.platform.NotFoundException
import outlay.web.WebUser
import java.util.Locale

@ConfigurationProperties("outlay.admin")
data class AdminProperties(
    /** Emails of the operators who may open the console (`OUTLAY_ADMIN_EMAILS`, comma-separated). */
    val emails: List<String> = emptyList(),
)

/**
 * Operators are named by configuration, not stored: nothing in the app or the API makes someone
 * one. The check reads the signed-in person's email from their session principal, so it needs
 * no lookup (and no dependency on the auth module, which depends on this one).
 */
@Component
class Operators(props: AdminProperties) {
    private val emails = props.emails.map { it.trim().lowercase(Locale.ROOT) }.filter { it.isNotEmpty() }.toSet()

    fun isOperator(user: WebUser?): Boolean = user != null && user.email.lowercase(Locale.ROOT) in emails
}

/**
 * The one gate of the console: every handler under `/app/admin` (pages and the flame graphs
 * they link to) answers 404 to anyone but an operator, as a page that does not exist would.
 */
@Configuration
class ConsoleGate(private val operators: Operators) : WebMvcConfigurer, HandlerInterceptor {
    override fun addInterceptors(registry: InterceptorRegistry) {
        registry.addInterceptor(this).addPathPatterns(PATH, "$PATH/**")
    }

    override fun preHandle(request: HttpServletRequest, response: HttpServletResponse, handler: Any): Boolean {
        val user = SecurityContextHolder.getContext().authentication?.principal as? WebUser
        if (!operators.isOperator(user)) throw NotFoundException("No such page.")
        return true
    }

    companion object {
        const val PATH = "/app/admin"
    }
}

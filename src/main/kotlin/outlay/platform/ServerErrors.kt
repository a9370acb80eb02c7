package outlay.platform

import io.swagger.v3.oas.annotations.Hidden
import jakarta.servlet.RequestDispatcher
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletResponse
import org.apache.catalina.connector.Request
import org.apache.catalina.connector.Response
import org.apache.catalina.core.StandardHost
import org.apache.catalina.valves.ErrorReportValve
import org.apache.coyote.ActionCode
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory
import org.springframework.boot.web.server.WebServerFactoryCustomizer
import org.springframework.boot.webmvc.error.ErrorController
import org.springframework.http.HttpStatus
import org.springframework.http.HttpStatusCode
import org.springframework.http.ProblemDetail
import org.springframework.http.ResponseEntity
import org.springframework.stereotype.Component
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RestController
import java.util.concurrent.atomic.AtomicBoolean

/** Headers every response carries, including those written before Spring Security runs. */
object SecurityHeaders {
    /** API answers are data, never documents to render: nothing may load, nothing may frame them. */
    const val API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    const val REFERRER_POLICY = "no-referrer"

    fun apply(response: HttpServletResponse) {
        response.setHeader("X-Content-Type-Options", "nosniff")
        response.setHeader("X-Frame-Options", "DENY")
        response.setHeader("Content-Security-Policy", API_CSP)
        response.setHeader("Referrer-Policy", REFERRER_POLICY)
        response.setHeader("Cache-Control", "no-store")
    }
}

/**
 * Replaces Tomcat's HTML error page for what fails before any servlet runs (a malformed path
 * such as `/%`, oversized headers, a bad encoding): the same problem+json as everything else.
 */
class ProblemErrorReportValve : ErrorReportValve() {
    override fun report(request: Request, response: Response, throwable: Throwable?) {
        val status = response.status
        if (status < 400 || response.contentWritten > 0 || !response.setErrorReported()) return
        val ioAllowed = AtomicBoolean(false)
        response.coyoteResponse.action(ActionCode.IS_IO_ALLOWED, ioAllowed)
        if (!ioAllowed.get()) return
        val type = ProblemType.forStatus(status)
        val detail = HttpStatus.resolve(status)?.reasonPhrase ?: type.title
        try {
            SecurityHeaders.apply(response)
            response.contentType = "application/problem+json"
            response.characterEncoding = "utf-8"
            response.reporter?.let {
                it.write("""{"type":"${type.uri}","title":"${type.title}","status":$status,"detail":"$detail."}""")
                response.finishResponse()
            }
        } catch (e: Exception) {
            container?.logger?.warn("Could not write the error response: $e")
        }
    }
}

@Component
class ProblemErrorValveCustomizer : WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> {
    override fun customize(factory: ConfigurableTomcatWebServerFactory) {
        // The host creates its error valve from this class name when it starts, after the context exists.
        factory.addContextCustomizers({ context -> (context.parent as StandardHost).errorReportValveClass = ProblemErrorReportValve::class.java.name })
    }
}

/**
 * Servlet errors forwarded to `/error` (a failure in a filter, a `sendError` outside Spring MVC,
 * a request the firewall rejects) as problem+json instead of Spring Boot's JSON map.
 */
@Hidden
@RestController
class ErrorEndpoint : ErrorController {
    @RequestMapping("/error")
    fun error(request: HttpServletRequest): ResponseEntity<ProblemDetail> {
        // Asked for directly, without an error to describe, `/error` is just a path that does not exist.
        val status = (request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) as? Int)?.takeIf { it >= 400 } ?: 404
        val type = ProblemType.forStatus(status)
        val detail = HttpStatus.resolve(status)?.reasonPhrase ?: type.title
        return ProblemHandler.problem(HttpStatusCode.valueOf(status), type, "$detail.")
    }
}

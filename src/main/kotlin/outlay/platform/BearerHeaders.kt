package outlay.platform

import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver
import org.springframework.security.web.firewall.StrictHttpFirewall
import java.util.function.Predicate

/**
 * Spring Security's checks of a request's `Authorization: Bearer <token>` header, with a plain loop for
 * the common case. Both of its checks are regular expressions run over the whole header, ~800
 * characters for our RS256 tokens, on every request: the firewall's check that a header value holds
 * no control character and the resolver's token syntax took 2.4 % of the server's CPU at the lab's knee
 * (docs/performance.md, 2026-11-28). A value the loop does not accept goes to Spring Security's own
 * check, so what is accepted and refused, and the refusal's error, stay Spring Security's.
 */
object BearerHeaders {
    /** The firewall's header values: printable ASCII and tab pass at once; anything else as [StrictHttpFirewall.ALLOWED_HEADER_VALUES] decides. */
    val allowedValues: Predicate<String> = Predicate { value -> value.all { it == '\t' || it in ' '..'~' } || StrictHttpFirewall.ALLOWED_HEADER_VALUES.test(value) }

    /** A bearer token in the `Authorization` header as [DefaultBearerTokenResolver] reads it, whose pattern the loop follows. */
    fun resolver(): BearerTokenResolver {
        val standard = DefaultBearerTokenResolver()
        return BearerTokenResolver { request -> token(request.getHeader("Authorization")) ?: standard.resolve(request) }
    }

    /** `Bearer` (any case), a space, then `[A-Za-z0-9-._~+/]+=*` to the end: the token; anything else null. */
    internal fun token(header: String?): String? {
        if (header == null || !header.regionMatches(0, PREFIX, 0, PREFIX.length, ignoreCase = true)) return null
        var i = PREFIX.length
        while (i < header.length && tokenChar(header[i])) i++
        if (i == PREFIX.length) return null
        while (i < header.length && header[i] == '=') i++
        return if (i == header.length) header.substring(PREFIX.length) else null
    }

    private fun tokenChar(c: Char) = c in 'a'..'z' || c in 'A'..'Z' || c in '0'..'9' || c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/'

    private const val PREFIX = "Bearer "
}

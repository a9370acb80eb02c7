package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.util.AntPathMatcher
import kotlin.test.assertEquals

/** Which paths are public is what Spring's Ant patterns of the same list say (SecurityConfig permits by them). */
class PublicPathsTest {
    private val matcher = AntPathMatcher()

    @Test
    fun `public exactly where the patterns match`() {
        val paths = listOf(
            "/auth/login", "/auth/login/", "/auth/loginx", "/auth", "/auth/register", "/auth/refresh", "/auth/logout",
            "/.well-known/jwks.json", "/.well-known/jwks.jsonx", "/actuator/health", "/actuator/health/", "/actuator/health/readiness",
            "/actuator/health/liveness/x", "/actuator/healthz", "/actuator/prometheus", "/me", "/", "", "/transactions",
        )
        for (path in paths) {
            assertEquals(PublicPaths.API.any { matcher.match(it, path) }, PublicPaths.isPublic(path), path)
        }
    }
}

package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.mock.web.MockHttpServletRequest
import org.springframework.security.oauth2.core.OAuth2AuthenticationException
import org.springframework.security.oauth2.server.resource.web.DefaultBearerTokenResolver
import org.springframework.security.web.firewall.StrictHttpFirewall
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** The loops of [BearerHeaders] decide exactly as Spring Security's regular expressions do, on chosen and random values. */
class BearerHeadersTest {
    private val standard = DefaultBearerTokenResolver()
    private val ours = BearerHeaders.resolver()

    private val chosen = listOf(
        null, "", "Bearer", "Bearer ", "bearer abc", "BEARER abc.def-ghi_jkl~mno+pqr/stu==", "Bearer abc=", "Bearer =", "Bearer abc=d",
        "Bearer  abc", "Bearer abc ", "Bearer\tabc", "Basic dXNlcjpwYXNz", "Bearerabc", "Bearer a\u00e9b", "Bearer abc\u0000",
        "Bearer " + "x".repeat(900), "Bearer ey.J0eXAiOiJKV1Qi.fQ==", "bearer: abc", "Token abc",
    )

    private fun decide(resolve: (MockHttpServletRequest) -> String?, header: String?): String =
        try {
            "token:" + resolve(MockHttpServletRequest("GET", "/accounts").apply { header?.let { addHeader("Authorization", it) } })
        } catch (e: OAuth2AuthenticationException) {
            "refused:" + e.error.errorCode + ":" + e.error.description
        }

    private fun random(random: Random): String {
        val alphabet = "Bbearer =abcXYZ09-._~+/\t\u0001\u007f\u00e9\u20ac"
        val body = (0 until random.nextInt(0, 12)).map { alphabet[random.nextInt(alphabet.length)] }.joinToString("")
        return if (random.nextBoolean()) "Bearer $body" else body
    }

    @Test
    fun `the token is resolved and refused as Spring Security's resolver does`() {
        val random = Random(42)
        val headers = chosen + List(20_000) { random(random) }
        for (header in headers) {
            assertEquals(decide(standard::resolve, header), decide(ours::resolve, header), "for ${header?.let { "\"$it\"" }}")
        }
        // the loop itself takes the common case, and refuses what the pattern refuses
        assertEquals("abc.def=", BearerHeaders.token("bearer abc.def="))
        assertEquals(null, BearerHeaders.token("Bearer abc def"))
    }

    @Test
    fun `header values pass the firewall as its own check lets them`() {
        val random = Random(7)
        val samples = listOf("", "plain", "tab\there", "bell\u0007", "del\u007f", "caf\u00e9", "\u0378unassigned", "nul\u0000", "line\nbreak") +
            List(20_000) { (0 until random.nextInt(0, 10)).map { Char(random.nextInt(0, 0x3000)) }.joinToString("") }
        for (value in samples) {
            assertEquals(StrictHttpFirewall.ALLOWED_HEADER_VALUES.test(value), BearerHeaders.allowedValues.test(value), "for ${value.map { it.code }}")
        }
        assertTrue(samples.any { !StrictHttpFirewall.ALLOWED_HEADER_VALUES.test(it) }, "the samples include refused values")
    }
}

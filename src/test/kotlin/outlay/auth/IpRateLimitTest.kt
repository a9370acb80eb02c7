package outlay.auth

import org.junit.jupiter.api.Test
import org.springframework.test.context.TestPropertySource
import outlay.support.Api
import outlay.support.ApiTest
import kotlin.test.assertEquals
import kotlin.test.assertTrue

@TestPropertySource(properties = ["outlay.auth.rate-limit.per-ip.capacity=5"])
class IpRateLimitTest : ApiTest() {

    @Test
    fun `credential attempts from one IP are limited across accounts`() {
        val statuses = (1..6).map { api.login(Api.uniqueEmail(), "whatever1").status }
        assertEquals(List(5) { 401 } + 429, statuses)
        val limited = api.register(Api.uniqueEmail())
        assertEquals(429, limited.status, "registration counts against the same budget")
        assertTrue(limited.header("Retry-After")!!.toLong() >= 1)
        assertEquals("application/problem+json", limited.header("Content-Type"))
    }
}

package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.http.converter.xml.Jaxb2RootElementHttpMessageConverter
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter
import outlay.support.ApiTest
import kotlin.reflect.jvm.javaMethod
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** Controllers' methods called by `Method.invoke` where that is what kotlin-reflect's `callBy` would do, and only there. */
class DirectHandlerCallsTest : ApiTest() {
    @Autowired
    private lateinit var adapter: RequestMappingHandlerAdapter

    @JvmInline
    value class Wrapped(val value: String)

    @Suppress("unused", "UNUSED_PARAMETER")
    class Samples {
        fun plain(a: String, b: Int?): String = a
        fun defaulted(a: String, b: Int = 2): String = a
        fun takesValue(w: Wrapped): String = w.value
        fun givesValue(): Wrapped = Wrapped("x")
        suspend fun suspending(): String = "x"
        fun nothing() {}
    }

    @Test
    fun `only methods without defaults, value classes and suspend are called directly`() {
        assertTrue(DirectHandlerCalls.callableDirectly(Samples::plain.javaMethod!!))
        assertTrue(DirectHandlerCalls.callableDirectly(Samples::nothing.javaMethod!!))
        assertFalse(DirectHandlerCalls.callableDirectly(Samples::defaulted.javaMethod!!))
        assertFalse(DirectHandlerCalls.callableDirectly(Samples::class.java.methods.single { it.name.startsWith("takesValue") }))
        assertFalse(DirectHandlerCalls.callableDirectly(Samples::class.java.methods.single { it.name.startsWith("givesValue") }))
        assertFalse(DirectHandlerCalls.callableDirectly(Samples::class.java.methods.single { it.name == "suspending" }))
        assertFalse(DirectHandlerCalls.callableDirectly(String::class.java.getMethod("trim")), "Java's methods keep Spring's own path")
    }

    @Test
    fun `the server's controllers answer through the direct calls, their exceptions as the same problems`() {
        assertEquals(DirectHandlerCalls::class.java, adapter.javaClass.enclosingClass)
        val token = api.newSession().accessToken
        assertEquals(200, api.get("/me", token).status)
        val missing = api.get("/transactions/draft", token) // the service throws: no draft yet
        assertEquals(404, missing.status, missing.body)
        assertEquals("application/problem+json", missing.header("Content-Type"))
    }

    @Test
    fun `query parameters and path variables convert the same on every request, and a bad one is still refused`() {
        val token = api.newSession().accessToken
        repeat(2) { // the same answers on a second request, with every cache warm
            assertEquals(200, api.get("/transactions?limit=2", token).status)
            val bad = api.get("/transactions?limit=many", token)
            assertEquals(400, bad.status, bad.body)
            assertEquals("application/problem+json", bad.header("Content-Type"))
            val unknown = api.get("/transactions/0196a1b2-0000-7000-8000-000000000001", token) // converted, then not found
            assertEquals(404, unknown.status, unknown.body)
            assertEquals("application/problem+json", unknown.header("Content-Type"))
        }
    }

    @Test
    fun `no answer is offered to JAXB, which has nothing of Outlay's to write`() {
        assertTrue(adapter.messageConverters.none { it is Jaxb2RootElementHttpMessageConverter })
        assertTrue(adapter.messageConverters.isNotEmpty())
    }
}

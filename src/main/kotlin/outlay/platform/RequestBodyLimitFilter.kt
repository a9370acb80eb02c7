package outlay.platform

import jakarta.servlet.FilterChain
import jakarta.servlet.ReadListener
import jakarta.servlet.ServletInputStream
import jakarta.servlet.http.HttpServletRequest
import jakarta.servlet.http.HttpServletRequestWrapper
import jakarta.servlet.http.HttpServletResponse
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.boot.web.servlet.FilterRegistrationBean
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.Ordered
import org.springframework.web.filter.OncePerRequestFilter
import org.springframework.web.servlet.HandlerExceptionResolver

/**
 * Caps non-multipart request bodies, declared (Content-Length) or streamed (chunked), so a
 * client cannot make the server buffer an unbounded JSON document. Multipart uploads are
 * bounded by `spring.servlet.multipart.*` instead.
 */
class RequestBodyLimitFilter(
    private val maxBytes: Long,
    private val resolver: HandlerExceptionResolver,
) : OncePerRequestFilter() {

    override fun doFilterInternal(request: HttpServletRequest, response: HttpServletResponse, chain: FilterChain) {
        if (request.contentType?.startsWith("multipart/", ignoreCase = true) == true) {
            chain.doFilter(request, response)
        } else if (request.contentLengthLong > maxBytes) {
            resolver.resolveException(request, response, null, PayloadTooLargeException(maxBytes))
        } else {
            chain.doFilter(LimitedRequest(request, maxBytes), response)
        }
    }

    private class LimitedRequest(request: HttpServletRequest, private val maxBytes: Long) : HttpServletRequestWrapper(request) {
        private val stream by lazy { LimitedInputStream(request.inputStream, maxBytes) }
        override fun getInputStream(): ServletInputStream = stream
    }

    private class LimitedInputStream(private val delegate: ServletInputStream, private val maxBytes: Long) : ServletInputStream() {
        private var count = 0L

        override fun read(): Int = delegate.read().also { if (it >= 0) add(1) }
        override fun read(b: ByteArray, off: Int, len: Int): Int = delegate.read(b, off, len).also { if (it > 0) add(it.toLong()) }
        override fun isFinished() = delegate.isFinished
        override fun isReady() = delegate.isReady
        override fun setReadListener(listener: ReadListener) = delegate.setReadListener(listener)

        private fun add(n: Long) {
            count += n
            if (count > maxBytes) throw PayloadTooLargeException(maxBytes)
        }
    }
}

@Configuration
class RequestBodyLimitConfig {
    @Bean
    fun requestBodyLimitFilter(
        props: HttpProperties,
        @Qualifier("handlerExceptionResolver") resolver: HandlerExceptionResolver,
    ) = FilterRegistrationBean(RequestBodyLimitFilter(props.maxJsonBody.toBytes(), resolver)).apply {
        order = Ordered.HIGHEST_PRECEDENCE + 10
    }
}

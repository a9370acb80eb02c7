package outlay.platform

import jakarta.servlet.MultipartConfigElement
import jakarta.servlet.http.HttpServletRequest
import org.apache.tomcat.util.http.fileupload.impl.FileSizeLimitExceededException
import org.apache.tomcat.util.http.fileupload.impl.SizeException
import org.springframework.boot.servlet.autoconfigure.MultipartProperties
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.web.multipart.MaxUploadSizeExceededException
import org.springframework.web.multipart.MultipartException
import org.springframework.web.multipart.MultipartHttpServletRequest
import org.springframework.web.multipart.support.StandardServletMultipartResolver

/**
 * Spring reads any multipart parse failure whose message speaks of a size being exceeded as "upload
 * too large" (413). Tomcat also reports a part whose header section never ends as an exceeded size
 * (its part-header limit, 512 bytes): that is what a body that is not multipart at all produces (a
 * JSON document under a multipart content type), and it is malformed, not large. Only the upload
 * limits (`spring.servlet.multipart.max-file-size`, `max-request-size`) are a 413; every other
 * parse failure is a [MultipartException], which the API answers 400 and the pages as "could not be read".
 */
class UploadLimitAwareMultipartResolver(private val limits: MultipartConfigElement) : StandardServletMultipartResolver() {
    override fun resolveMultipart(request: HttpServletRequest): MultipartHttpServletRequest = try {
        super.resolveMultipart(request)
    } catch (e: MaxUploadSizeExceededException) {
        if (uploadTooLarge(e)) throw e
        throw MultipartException("The multipart body is malformed: a part's headers are too long or never end", e)
    }

    /** The exceeded limit is the file's or the request's size; a size error from elsewhere (Tomcat's form limit) stays one too. */
    private fun uploadTooLarge(e: MaxUploadSizeExceededException): Boolean {
        val size = generateSequence(e as Throwable) { it.cause }.firstNotNullOfOrNull { it as? SizeException } ?: return true
        return size is FileSizeLimitExceededException || size.permittedSize == limits.maxRequestSize
    }
}

@Configuration
class MultipartConfig {
    /** Replaces Spring Boot's resolver (same settings), which backs off when one is defined. */
    @Bean(name = ["multipartResolver"])
    fun multipartResolver(limits: MultipartConfigElement, properties: MultipartProperties) =
        UploadLimitAwareMultipartResolver(limits).apply {
            setResolveLazily(properties.isResolveLazily)
            setStrictServletCompliance(properties.isStrictServletCompliance)
        }
}

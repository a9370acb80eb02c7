package outlay.platform

import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.util.unit.DataSize
import java.time.Duration

@ConfigurationProperties("outlay.http")
data class HttpProperties(
    /** Largest JSON request body accepted; uploads have their own multipart limits. */
    val maxJsonBody: DataSize = DataSize.ofMegabytes(1),
    /** Longest a client may take to send its request line and headers ([GuardedProtocol]). */
    val headerTimeout: Duration = Duration.ofSeconds(10),
    /** Requests in progress at once; the next is answered 503 at once ([AdmissionFilter]). */
    val maxRequestsInProgress: Int = 512,
)

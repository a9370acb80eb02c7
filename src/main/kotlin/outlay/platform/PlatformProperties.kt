package outlay.platform

import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.util.unit.DataSize
import java.time.Duration

@ConfigurationProperties("outlay.http")
data class HttpProperties(
    /** Largest JSON request body accepted; uploads have their own multipart limits. */
    val maxJsonBody: DataSize = DataSize.ofMegabytes(1),
    /** Longest a client may take to send its request line and headers ([HeadDeadlineProtocol]). */
    val headerTimeout: Duration = Duration.ofSeconds(10),
)

@ConfigurationProperties("outlay.observability")
data class ObservabilityProperties(
    /** A request slower than this is logged as a warning with its route. */
    val slowRequest: Duration = Duration.ofMillis(500),
    /** A SQL statement slower than this is logged as a warning with its text (no parameter values). */
    val slowSql: Duration = Duration.ofMillis(100),
)

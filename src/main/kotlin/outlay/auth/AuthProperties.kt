package outlay.auth

import org.springframework.boot.context.properties.ConfigurationProperties
import java.time.Duration

@ConfigurationProperties("outlay.auth")
data class AuthProperties(
    /** `iss` of the access tokens this server issues and the only issuer it accepts. */
    val issuer: String = "outlay",
    val accessTokenTtl: Duration = Duration.ofMinutes(15),
    val refreshTokenTtl: Duration = Duration.ofDays(30),
    /**
     * How long a session's "still signed in?" answer is cached per instance: an ended session's
     * access tokens stop within this time on other instances (at once on the one that ended it).
     * Zero turns the check off (tokens then live until they expire); for measuring its cost.
     */
    val sessionCheckInterval: Duration = Duration.ofSeconds(5),
    val passwordHash: PasswordHash = PasswordHash(),
    val rateLimit: RateLimit = RateLimit(),
) {
    data class PasswordHash(
        /** BCrypt cost (log2 rounds). */
        val cost: Int = 10,
        /** Hashing threads; 0 means one per CPU. More threads than cores only adds context switches. */
        val threads: Int = 0,
        /** Hash jobs allowed to wait; 0 means four per thread. When full, callers get 503 at once. */
        val queueCapacity: Int = 0,
        /** Nice value (Linux) for hashing threads: they yield the CPU to request handling. 0 keeps the default. */
        val nice: Int = 10,
        /** Hash on the request thread instead of the bounded pool (for comparison benchmarks only). */
        val onRequestThread: Boolean = false,
    ) {
        fun effectiveThreads(): Int = if (threads > 0) threads else Runtime.getRuntime().availableProcessors()
        fun effectiveQueueCapacity(): Int = if (queueCapacity > 0) queueCapacity else 4 * effectiveThreads()
    }

    data class RateLimit(
        /** Credential attempts (login and register) per client IP. */
        val perIp: Limit = Limit(30, Duration.ofMinutes(1)),
        /** Failed logins per account (email). A successful login gives its token back. */
        val perAccount: Limit = Limit(10, Duration.ofMinutes(10)),
    )

    /** [capacity] attempts at once, refilled gradually to [capacity] over [period]. */
    data class Limit(val capacity: Long, val period: Duration)
}

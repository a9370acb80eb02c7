package outlay.auth

import com.github.benmanes.caffeine.cache.Cache
import com.github.benmanes.caffeine.cache.Caffeine
import io.github.bucket4j.Bandwidth
import io.github.bucket4j.Bucket
import io.micrometer.core.instrument.Counter
import io.micrometer.core.instrument.MeterRegistry
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Component
import outlay.platform.ApiException
import outlay.platform.ProblemType
import java.time.Duration

class RateLimitedException(retryAfter: Duration) : ApiException(
    HttpStatus.TOO_MANY_REQUESTS, ProblemType.RATE_LIMITED, "Too many attempts; retry later.", retryAfter,
)

/**
 * Token buckets for credential attempts, one per client IP and one per account. Buckets live
 * in a bounded cache; an idle bucket is dropped once it would have refilled anyway.
 */
@Component
class LoginRateLimiter(props: AuthProperties, registry: MeterRegistry) {
    private val perIp = Limiter(props.rateLimit.perIp, "ip", registry)
    private val perAccount = Limiter(props.rateLimit.perAccount, "account", registry)

    /** Counts one attempt from [ip]; throws 429 when its bucket is empty. */
    fun acquireIp(ip: String) = perIp.acquire(ip)

    /** Counts one attempt on [accountKey]; throws 429 when its bucket is empty. */
    fun acquireAccount(accountKey: String) = perAccount.acquire(accountKey)

    /** A successful login does not count against its account. */
    fun releaseAccount(accountKey: String) = perAccount.release(accountKey)

    private class Limiter(private val limit: AuthProperties.Limit, scope: String, registry: MeterRegistry) {
        private val buckets: Cache<String, Bucket> = Caffeine.newBuilder()
            .maximumSize(200_000)
            .expireAfterAccess(limit.period)
            .build()
        private val rejections = Counter.builder("outlay.ratelimit.rejected")
            .description("Requests refused by a rate limit").tag("limit", "login-$scope").register(registry)

        fun acquire(key: String) {
            val probe = bucket(key).tryConsumeAndReturnRemaining(1)
            if (!probe.isConsumed) {
                rejections.increment()
                throw RateLimitedException(Duration.ofNanos(probe.nanosToWaitForRefill))
            }
        }

        fun release(key: String) {
            buckets.getIfPresent(key)?.addTokens(1)
        }

        private fun bucket(key: String): Bucket = buckets.get(key) {
            Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(limit.capacity).refillGreedy(limit.capacity, limit.period).build())
                .build()
        }
    }
}

package outlay.auth

import io.micrometer.core.instrument.Counter
import io.micrometer.core.instrument.MeterRegistry
import io.micrometer.core.instrument.Timer
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics
import org.springframework.beans.factory.DisposableBean
import org.springframework.http.HttpStatus
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder
import org.springframework.stereotype.Component
import outlay.observability.Spans
import outlay.platform.ApiException
import outlay.platform.ProblemType
import outlay.platform.ThreadNice
import java.security.MessageDigest
import java.time.Duration
import java.util.Base64
import java.util.concurrent.ArrayBlockingQueue
import java.util.concurrent.ExecutionException
import java.util.concurrent.RejectedExecutionException
import java.util.concurrent.ThreadPoolExecutor
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

class HashingOverloadedException : ApiException(
    HttpStatus.SERVICE_UNAVAILABLE, ProblemType.OVERLOADED,
    "Too many sign-ins are being processed right now; retry shortly.", Duration.ofSeconds(1),
)

/**
 * BCrypt is deliberately CPU-bound. Running it on every request thread (virtual or not) lets a
 * login storm occupy all cores and starve every other endpoint. Here it runs on a pool with
 * one thread per core and a short bounded queue; when the queue is full the caller is refused
 * immediately (503 + Retry-After) instead of waiting in an ever-growing line. The pool's
 * threads also run at a lower OS priority, so whatever CPU requests need, they get first.
 */
@Component
class PasswordHasher(props: AuthProperties, registry: MeterRegistry, private val spans: Spans) : DisposableBean {
    private val config = props.passwordHash
    private val encoder = BCryptPasswordEncoder(config.cost)
    private val threadNumber = AtomicInteger()
    private val executor = ThreadPoolExecutor(
        config.effectiveThreads(), config.effectiveThreads(), 0, TimeUnit.MILLISECONDS,
        ArrayBlockingQueue(config.effectiveQueueCapacity()),
        { r ->
            val body = Runnable { ThreadNice.lowerCurrentThread(config.nice); r.run() }
            Thread(body, "password-hash-${threadNumber.incrementAndGet()}").apply { isDaemon = true }
        },
        ThreadPoolExecutor.AbortPolicy(),
    )
    private val waitTimer = Timer.builder("outlay.password.hash.wait")
        .description("Time a hash job waited in the queue").publishPercentileHistogram().register(registry)
    private val workTimer = Timer.builder("outlay.password.hash.duration")
        .description("Time one BCrypt hash or verification took").publishPercentileHistogram().register(registry)
    private val rejected = Counter.builder("outlay.password.hash.rejected")
        .description("Hash jobs refused because the queue was full").register(registry)

    init {
        ExecutorServiceMetrics(executor, "password.hash", emptyList()).bindTo(registry)
        if (!config.onRequestThread) executor.prestartAllCoreThreads() // pay thread set-up at start, not on a login
    }

    fun hash(raw: String): String = run { encoder.encode(prehash(raw))!! }

    fun matches(raw: String, hash: String): Boolean = run { encoder.matches(prehash(raw), hash) }

    /** True when [hash] was made with a lower cost than configured and should be replaced. */
    fun needsRehash(hash: String): Boolean = encoder.upgradeEncoding(hash)

    /**
     * Refuses at once when the queue is already full, so callers can skip the work that would
     * precede hashing (parsing, a user lookup). [run] still enforces the bound atomically.
     */
    fun ensureCapacity() {
        if (!config.onRequestThread && executor.queue.remainingCapacity() == 0) {
            rejected.increment()
            throw HashingOverloadedException()
        }
    }

    /**
     * Runs [work] where hashing runs: on the bounded pool, or inline when so configured. With
     * tracing on, the queueing and the hashing are two spans of the caller's trace.
     */
    fun <T> run(work: () -> T): T {
        if (config.onRequestThread) return spans.within(COMPUTE) { workTimer.recordCallable(work)!! }
        val parent = spans.current()
        val waiting = spans.start(WAIT, parent)
        val enqueued = System.nanoTime()
        val future = try {
            executor.submit<T> {
                waiting?.end()
                waitTimer.record(System.nanoTime() - enqueued, TimeUnit.NANOSECONDS)
                spans.within(COMPUTE, parent) { workTimer.recordCallable(work) }
            }
        } catch (e: RejectedExecutionException) {
            waiting?.error(e)?.end()
            rejected.increment()
            throw HashingOverloadedException()
        }
        return try {
            future.get()
        } catch (e: ExecutionException) {
            throw e.cause ?: e
        }
    }

    override fun destroy() {
        executor.shutdownNow()
    }

    private companion object {
        const val WAIT = "password-hash wait"
        const val COMPUTE = "password-hash compute"

        /**
         * BCrypt reads at most 72 bytes. Hashing the password with SHA-256 first makes every one of
         * its up to 128 characters count, and keeps the BCrypt input at a fixed 44 bytes.
         */
        fun prehash(raw: String): String =
            Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(raw.toByteArray(Charsets.UTF_8)))
    }
}

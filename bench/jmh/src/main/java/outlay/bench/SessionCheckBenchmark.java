package outlay.bench;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import org.openjdk.jmh.annotations.*;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * What every authenticated request adds to its token verification to honour logout at once
 * (outlay.auth.SessionRevocations.validate): read the subject and session id claims as UUIDs and
 * ask a Caffeine cache, bounded like the server's (100,000 entries, 5 s after write), whether that
 * session has ended. The database is asked only on a miss, once per session per interval (one
 * primary-key lookup), so the cached answer is the per-request cost.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SessionCheckBenchmark {
    /** The server's key is a Kotlin Pair of the two ids; a record has the same equals and hashCode cost. */
    record Key(UUID user, UUID session) {}

    private static final int SESSIONS = 10_000;
    private final String[] users = new String[SESSIONS];
    private final String[] sessions = new String[SESSIONS];
    private LoadingCache<Key, Boolean> revoked;

    @Setup
    public void setUp() {
        for (int i = 0; i < SESSIONS; i++) {
            users[i] = UUID.randomUUID().toString();
            sessions[i] = UUID.randomUUID().toString();
        }
        revoked = Caffeine.newBuilder().expireAfterWrite(Duration.ofSeconds(5)).maximumSize(100_000)
            .build(key -> Boolean.FALSE);
        for (int i = 0; i < SESSIONS; i++) revoked.get(new Key(UUID.fromString(users[i]), UUID.fromString(sessions[i])));
    }

    /** A request of a session seen within the interval: the common case. */
    @Benchmark
    public boolean cachedCheck() {
        int i = ThreadLocalRandom.current().nextInt(SESSIONS);
        return revoked.get(new Key(UUID.fromString(users[i]), UUID.fromString(sessions[i])));
    }
}

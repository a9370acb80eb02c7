package outlay.bench;

import org.openjdk.jmh.annotations.*;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

import java.util.concurrent.TimeUnit;

/** One BCrypt verification at the costs an operator might choose (the server's default is 10). */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class BCryptBenchmark {
    @Param({"10", "12"})
    public int cost;

    private BCryptPasswordEncoder encoder;
    private String hash;

    @Setup
    public void setUp() {
        encoder = new BCryptPasswordEncoder(cost);
        hash = encoder.encode("correct horse battery staple");
    }

    @Benchmark
    public boolean verify() {
        return encoder.matches("correct horse battery staple", hash);
    }
}

package outlay.support

import org.springframework.boot.test.context.TestConfiguration
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Primary
import java.time.Clock
import java.time.Duration
import java.time.Instant
import java.time.ZoneId
import java.time.ZoneOffset

/** Real time plus an offset tests can move forward: token expiry without sleeping. */
class OffsetClock : Clock() {
    @Volatile
    private var offset: Duration = Duration.ZERO

    fun advance(by: Duration) {
        offset += by
    }

    fun reset() {
        offset = Duration.ZERO
    }

    override fun instant(): Instant = Instant.now().plus(offset)
    override fun getZone(): ZoneId = ZoneOffset.UTC
    override fun withZone(zone: ZoneId): Clock = this
}

@TestConfiguration(proxyBeanMethods = false)
class OffsetClockConfig {
    @Bean
    @Primary
    fun testClock() = OffsetClock()

    @Bean
    fun statementCounter() = StatementCounter()
}

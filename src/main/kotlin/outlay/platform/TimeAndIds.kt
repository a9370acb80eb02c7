package outlay.platform

import com.github.f4b6a3.uuid.UuidCreator
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import java.time.Clock
import java.util.UUID

/** Server-made ids: UUID v7, time-ordered so new rows land at the right edge of their indexes. */
object Ids {
    fun next(): UUID = UuidCreator.getTimeOrderedEpoch()

    /**
     * A UUID path variable: `/sellers/{id:$UUID_PATTERN}`. Without it `PUT /sellers/nearby` would reach
     * the `{id}` handler (400 "invalid id") instead of answering 405 with the path's own methods.
     */
    const val UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
}

@Configuration
class TimeConfig {
    /** All "now" readings go through this clock (UTC), so tests can move time. */
    @Bean
    fun clock(): Clock = Clock.systemUTC()
}

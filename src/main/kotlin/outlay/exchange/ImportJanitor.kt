package outlay.exchange

import org.springframework.scheduling.annotation.Scheduled
import org.springframework.stereotype.Component
import org.springframework.transaction.annotation.Transactional
import java.time.Clock
import java.time.Duration

/** Removes uploads nobody confirmed within a day: their rows and their files. */
@Component
class ImportJanitor(private val uploads: ImportUploadRepository, private val files: ImportFiles, private val clock: Clock) {

    @Scheduled(fixedDelayString = "\${outlay.imports.sweep-interval:1h}", initialDelayString = "\${outlay.imports.sweep-interval:1h}")
    @Transactional
    fun sweep(): Int {
        val stale = uploads.stale(clock.instant().minus(KEEP), 1000)
        stale.forEach { (userId, id) ->
            uploads.delete(userId, id)
            files.delete(userId, id)
        }
        return stale.size
    }

    private companion object {
        val KEEP: Duration = Duration.ofDays(1)
    }
}

package outlay.web

import org.slf4j.LoggerFactory
import org.springframework.dao.DataAccessException
import org.springframework.scheduling.annotation.Scheduled
import org.springframework.session.jdbc.JdbcIndexedSessionRepository
import org.springframework.stereotype.Component
import org.springframework.transaction.event.TransactionalEventListener
import outlay.platform.DatabaseAvailability
import outlay.platform.UserDeleted

/**
 * Removes expired browser sessions once a minute, in place of Spring Session's own task
 * (`spring.session.jdbc.cleanup-cron: "-"`): that one logs an ERROR with a stack trace every
 * minute the database is unreachable. Here an outage is reported once, by [DatabaseAvailability],
 * and the sweep waits for the next minute.
 */
@Component
class SessionCleanup(private val sessions: JdbcIndexedSessionRepository, private val database: DatabaseAvailability) {
    private val log = LoggerFactory.getLogger(javaClass)

    @Scheduled(cron = "0 * * * * *")
    fun sweep() {
        if (database.isDown) return
        try {
            sessions.cleanUpExpiredSessions()
        } catch (e: DataAccessException) {
            if (!database.failed(e)) log.warn("Expired browser sessions not removed this time: {}", e.toString())
        }
    }

    /** A deleted user's browser sessions end everywhere: another device's cookie then leads to sign-in, not an empty ledger. */
    @TransactionalEventListener(fallbackExecution = true)
    fun userDeleted(event: UserDeleted) {
        sessions.findByPrincipalName(event.userId.toString()).keys.forEach(sessions::deleteById)
    }
}

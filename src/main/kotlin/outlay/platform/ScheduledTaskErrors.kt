package outlay.platform

import org.slf4j.LoggerFactory
import org.springframework.boot.task.SimpleAsyncTaskSchedulerCustomizer
import org.springframework.boot.task.ThreadPoolTaskSchedulerCustomizer
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.util.ErrorHandler

/**
 * How a failed `@Scheduled` run is reported. A run that failed because the database cannot be
 * reached is part of an outage, which [DatabaseAvailability] reports once (and marks, if it is the
 * first sign of it); the task runs again at its next time. Spring's default would log an ERROR
 * with a stack trace for every sweep during the outage. Any other failure is logged as before.
 */
@Configuration(proxyBeanMethods = false)
class ScheduledTaskErrors {
    @Bean
    fun scheduledTaskErrorHandler(database: DatabaseAvailability): ErrorHandler {
        val log = LoggerFactory.getLogger(ScheduledTaskErrors::class.java)
        return ErrorHandler { e -> if (!database.failed(e)) log.error("Scheduled task failed", e) }
    }

    // virtual threads on (spring.threads.virtual.enabled): Boot builds a SimpleAsyncTaskScheduler
    @Bean
    fun simpleSchedulerErrors(handler: ErrorHandler) = SimpleAsyncTaskSchedulerCustomizer { it.setErrorHandler(handler) }

    @Bean
    fun poolSchedulerErrors(handler: ErrorHandler) = ThreadPoolTaskSchedulerCustomizer { it.setErrorHandler(handler) }
}

package outlay.support

import ch.qos.logback.classic.Logger
import ch.qos.logback.classic.spi.ILoggingEvent
import ch.qos.logback.core.read.ListAppender
import org.slf4j.LoggerFactory

/**
 * jOOQ's "Ambiguous match found" notices: a record mapped `into` a table whose column the select
 * does not carry, found by name among several. The value read may be another table's, and jOOQ
 * logs a stack trace per row (under the lab's load that alone tripled the server's CPU per
 * request). Every HTTP test fails on one.
 */
object AmbiguousFields {
    private const val NAME = "ambiguous-fields"
    private val appender = ListAppender<ILoggingEvent>().apply { name = NAME; start() }

    /** Attaches the collector; again after Spring Boot re-initialises logging for a new context. */
    fun watch() {
        val logger = LoggerFactory.getLogger("org.jooq.impl.FieldsImpl") as Logger
        if (logger.getAppender(NAME) == null) logger.addAppender(appender)
    }

    /** The notices since the last call. */
    fun drain(): List<String> = synchronized(appender) {
        appender.list.map { it.formattedMessage }.also { appender.list.clear() }
    }
}

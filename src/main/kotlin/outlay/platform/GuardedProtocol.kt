package outlay.platform

import org.apache.coyote.http11.Http11NioProtocol
import org.apache.coyote.http11.Http11Processor
import org.apache.tomcat.util.net.NioEndpoint.NioSocketWrapper
import org.apache.tomcat.util.net.SocketEvent
import org.apache.tomcat.util.net.SocketWrapperBase
import org.slf4j.LoggerFactory
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory
import org.springframework.boot.web.server.WebServerFactoryCustomizer
import org.springframework.stereotype.Component
import java.nio.channels.SelectionKey
import java.time.Duration
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit

/**
 * Tomcat's NIO connector with two guards its own settings lack, applied once a second to every
 * open connection:
 *
 * - **A deadline for the request head.** Tomcat's connection timeout restarts with every byte
 *   received, so a client sending its request line and headers a few bytes at a time could hold a
 *   connection for hours. A connection whose head (first byte to end of headers) has taken longer
 *   than [headerTimeout] is closed; its waiting costs no thread meanwhile (the NIO poller holds it).
 * - **Idle connections give way under pressure.** Past half of the connector's maximum, the
 *   connections idle longest (no request, nothing read or written for [IDLE_GRACE_MS]) are closed
 *   until the count is back at half. Without it, keep-alive connections a client left idle held
 *   their slots (and 17.5 KB of heap each) for the keep-alive timeout while new connections waited
 *   in the kernel's queue, and an open-model overload filled the heap with them
 *   (docs/reliability.md, "Overload"). Closing an idle keep-alive connection is what the keep-alive
 *   timeout does anyway: HTTP clients expect it and open another.
 */
class GuardedProtocol : Http11NioProtocol() {
    @Volatile
    var headerTimeout: Duration = Duration.ofSeconds(10)
    private var sweeper: ScheduledExecutorService? = null

    override fun start() {
        super.start()
        sweeper = Executors.newSingleThreadScheduledExecutor { Thread(it, "connection-guard").apply { isDaemon = true } }
            .also { it.scheduleWithFixedDelay(::sweep, 1, 1, TimeUnit.SECONDS) }
    }

    override fun stop() {
        sweeper?.shutdownNow()
        super.stop()
    }

    private fun sweep() {
        val deadline = System.nanoTime() - headerTimeout.toNanos()
        val excess = endpoint.connectionCount - endpoint.maxConnections / 2
        val idleSince = System.currentTimeMillis() - IDLE_GRACE_MS
        val idle = mutableListOf<Pair<Long, NioSocketWrapper>>()
        for (connection in endpoint.connections) {
            when (val processor = connection.currentProcessor) {
                // A processor parked on a connection that is neither async nor upgraded is waiting for
                // the rest of its request line or headers (a request being served is off the connection).
                is Http11Processor -> {
                    val started = processor.request.startTimeNanos
                    if (!processor.isAsync && !processor.isUpgrade && started > 0 && started - deadline < 0) close(connection)
                }
                // No processor and waiting to read: between requests (or before the first). A request being
                // served has no processor either, but the poller is not reading for it.
                null -> if (excess > 0 && connection is NioSocketWrapper && connection.interestOpsHas(SelectionKey.OP_READ)) {
                    val last = maxOf(connection.lastRead, connection.lastWrite)
                    if (last < idleSince) idle += last to connection
                }
            }
        }
        if (idle.isEmpty()) return
        val closing = idle.sortedBy { it.first }.take(excess.toInt())
        closing.forEach { close(it.second) }
        logger.info("Closed {} idle connections: {} were open, {} at most", closing.size, endpoint.connectionCount, endpoint.maxConnections)
    }

    // Dispatched the way Tomcat's own time-outs are: an ERROR event, processed on a worker under the
    // connection's lock, closes it. (A read timeout of 1 ms left it to the poller's once-a-second check,
    // which never caught a client trickling faster than that: the check ran right after each read, or
    // while the key was out for processing.)
    private fun close(connection: SocketWrapperBase<*>) {
        connection.processSocket(SocketEvent.ERROR, true)
    }

    private companion object {
        /** How long a connection must have been idle to be closed under pressure: not one the client is about to reuse. */
        const val IDLE_GRACE_MS = 1_000L
        val logger = LoggerFactory.getLogger(GuardedProtocol::class.java)
    }
}

@Component
class ConnectionGuard(private val props: HttpProperties) :
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
    override fun customize(factory: TomcatServletWebServerFactory) {
        factory.protocol = GuardedProtocol::class.java.name
        factory.addConnectorCustomizers({ connector -> (connector.protocolHandler as GuardedProtocol).headerTimeout = props.headerTimeout })
    }
}

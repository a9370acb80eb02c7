package outlay.platform

import org.apache.coyote.http11.Http11NioProtocol
import org.apache.coyote.http11.Http11Processor
import org.apache.tomcat.util.net.SocketEvent
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory
import org.springframework.boot.web.server.WebServerFactoryCustomizer
import org.springframework.stereotype.Component
import java.time.Duration
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit

/**
 * Tomcat's NIO connector with a deadline for the request head. Tomcat's connection timeout
 * restarts with every byte received, so a client sending its request line and headers a few
 * bytes at a time could hold a connection for hours. Once a second this closes connections whose
 * request head (first byte to end of headers) has taken longer than [headerTimeout]; their
 * waiting costs no thread meanwhile (the NIO poller holds them), so they never delay others.
 */
class HeadDeadlineProtocol : Http11NioProtocol() {
    @Volatile
    var headerTimeout: Duration = Duration.ofSeconds(10)
    private var sweeper: ScheduledExecutorService? = null

    override fun start() {
        super.start()
        sweeper = Executors.newSingleThreadScheduledExecutor { Thread(it, "request-head-deadline").apply { isDaemon = true } }
            .also { it.scheduleWithFixedDelay(::sweep, 1, 1, TimeUnit.SECONDS) }
    }

    override fun stop() {
        sweeper?.shutdownNow()
        super.stop()
    }

    private fun sweep() {
        val deadline = System.nanoTime() - headerTimeout.toNanos()
        for (connection in endpoint.connections) {
            // A processor parked on a connection that is neither async nor upgraded is waiting for
            // the rest of its request line or headers (a request being served is off the connection).
            val processor = connection.currentProcessor as? Http11Processor ?: continue
            val started = processor.request.startTimeNanos
            if (!processor.isAsync && !processor.isUpgrade && started > 0 && started - deadline < 0) {
                // Dispatched the way Tomcat's own async time-outs are: an ERROR event, processed on a
                // worker under the connection's lock, closes it. (A read timeout of 1 ms left it to the
                // poller's once-a-second check, which never caught a client trickling faster than that:
                // the check ran right after each read, or while the key was out for processing.)
                connection.processSocket(SocketEvent.ERROR, true)
            }
        }
    }
}

@Component
class SlowClientGuard(private val props: HttpProperties) :
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> {
    override fun customize(factory: TomcatServletWebServerFactory) {
        factory.protocol = HeadDeadlineProtocol::class.java.name
        factory.addConnectorCustomizers({ connector -> (connector.protocolHandler as HeadDeadlineProtocol).headerTimeout = props.headerTimeout })
    }
}

package outlay.observability

import org.springframework.boot.EnvironmentPostProcessor
import org.springframework.boot.SpringApplication
import org.springframework.core.env.ConfigurableEnvironment
import org.springframework.core.env.MapPropertySource

/**
 * `OUTLAY_LOG_FORMAT=json` (or `ecs`, `logstash`) switches the console to Spring Boot's structured
 * logging; `text`, the default, keeps the readable pattern. A post-processor because the logging
 * system reads `logging.structured.format.console` before any bean exists, and "json" is our name,
 * not one of Boot's formats.
 */
class LogFormatEnvironment : EnvironmentPostProcessor {
    override fun postProcessEnvironment(environment: ConfigurableEnvironment, application: SpringApplication) {
        val format = when (val value = environment.getProperty("outlay.log-format", "text").trim().lowercase()) {
            "text", "" -> return
            "json", "ecs" -> "ecs"
            "logstash" -> "logstash"
            else -> throw IllegalArgumentException("OUTLAY_LOG_FORMAT must be text, json, ecs or logstash, not '$value'")
        }
        environment.propertySources.addFirst(MapPropertySource("outlayLogFormat", mapOf("logging.structured.format.console" to format)))
    }
}

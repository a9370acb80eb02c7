package outlay

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.context.properties.ConfigurationPropertiesScan
import org.springframework.boot.runApplication
import outlay.platform.CompilerThreads
import kotlin.system.exitProcess

@SpringBootApplication
// `@Scheduled` support comes from platform/OwnClassesScheduling (Spring's, scanning Outlay's classes only)
@ConfigurationPropertiesScan
class OutlayApplication

fun main(args: Array<String>) {
    if (args.firstOrNull() == "reset-password") exitProcess(PasswordResetCommand.run(args.drop(1)))
    CompilerThreads.yieldToStart(System.getenv())
    if (BuildTimeGraph.applies(args, System.getenv(), System.getProperties())) System.setProperty("spring.aot.enabled", "true")
    runApplication<OutlayApplication>(*args)
}

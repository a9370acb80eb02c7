package outlay.platform

import org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory
import org.springframework.context.ApplicationContextInitializer
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.ParameterNameDiscoverer
import org.springframework.core.StandardReflectionParameterNameDiscoverer

/**
 * Parameter names from the class files (Spring Boot's build compiles Kotlin with `-java-parameters`), not from
 * kotlin-reflect. Spring's default asks kotlin-reflect first for every Kotlin class, and both the bean factory
 * (each injection point's name, since Spring 6.2 tried as a bean name before the type) and Spring MVC (each handler
 * parameter's name, looked up anew on every request) ask: Kotlin's metadata parsed per class was 6 % of a start's
 * main thread, and the per-request lookups 0.24 % of the server's CPU at the lab's knee (docs/performance.md). The
 * two give the same names for the methods and constructors Spring calls; a class file without names (a library
 * compiled without `-parameters`) gets none from either, as before, and Spring matches by type.
 */
class ClassFileParameterNames : ApplicationContextInitializer<ConfigurableApplicationContext> {
    override fun initialize(context: ConfigurableApplicationContext) {
        (context.beanFactory as? AbstractAutowireCapableBeanFactory)?.parameterNameDiscoverer = DISCOVERER
    }

    companion object {
        val DISCOVERER: ParameterNameDiscoverer = StandardReflectionParameterNameDiscoverer()
    }
}

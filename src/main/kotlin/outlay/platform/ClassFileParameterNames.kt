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
 * parameter's name, looked up anew on every request) ask. The per-request lookups were 0.26 % of the server's CPU at
 * 600/s offered, 0.03-0.06 % after (docs/performance.md); for a start, where kotlin-reflect's lookups of parameter
 * names were 6 % of the main thread, the gain did not show through the measuring host's noise. The
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

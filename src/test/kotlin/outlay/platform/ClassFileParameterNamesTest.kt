package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.KotlinDetector
import org.springframework.core.KotlinReflectionParameterNameDiscoverer
import org.springframework.test.util.ReflectionTestUtils
import org.springframework.util.ClassUtils
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping
import outlay.support.ApiTest
import org.springframework.core.ParameterNameDiscoverer
import java.lang.reflect.Constructor
import java.lang.reflect.Executable
import java.lang.reflect.Method
import kotlin.test.assertContentEquals
import kotlin.test.assertSame
import kotlin.test.assertTrue

/**
 * The bean factory and Spring MVC take parameter names from the class files, and those are the names kotlin-reflect
 * gives, for every controller method and every constructor of Outlay's beans: without `-java-parameters` in the
 * build the class files would name nothing, and this fails.
 */
class ClassFileParameterNamesTest : ApiTest() {
    @Autowired
    private lateinit var context: ConfigurableApplicationContext

    @Autowired
    private lateinit var adapter: RequestMappingHandlerAdapter

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    private lateinit var mapping: RequestMappingHandlerMapping

    private val kotlin = KotlinReflectionParameterNameDiscoverer()

    @Test
    fun `the bean factory and the MVC adapter read the class files`() {
        assertSame(ClassFileParameterNames.DISCOVERER, (context.beanFactory as AbstractAutowireCapableBeanFactory).parameterNameDiscoverer)
        assertSame(ClassFileParameterNames.DISCOVERER, ReflectionTestUtils.getField(adapter, "parameterNameDiscoverer"))
    }

    @Test
    fun `the class files name every handler's and every bean's parameters as kotlin-reflect does`() {
        val handlers = mapping.handlerMethods.values.map { it.method }.filter { KotlinDetector.isKotlinType(it.declaringClass) }
        val constructors = context.beanDefinitionNames.mapNotNull { context.getType(it) }
            .map { ClassUtils.getUserClass(it) }.filter { it.name.startsWith("outlay.") && KotlinDetector.isKotlinType(it) }
            .flatMap { it.declaredConstructors.toList() }
            .filter { it.parameterCount > 0 && !it.isSynthetic && kotlin.getParameterNames(it) != null }
        assertTrue(handlers.size > 100, "handlers: ${handlers.size}")
        assertTrue(constructors.size > 100, "constructors: ${constructors.size}")
        (handlers + constructors).forEach { assertContentEquals(kotlin.names(it), ClassFileParameterNames.DISCOVERER.names(it), it.toString()) }
    }

    private fun ParameterNameDiscoverer.names(e: Executable): List<String?>? = when (e) {
        is Method -> getParameterNames(e)?.toList()
        is Constructor<*> -> getParameterNames(e)?.toList()
        else -> null
    }
}

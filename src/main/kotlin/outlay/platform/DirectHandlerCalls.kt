package outlay.platform

import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.http.converter.HttpMessageConverter
import org.springframework.http.converter.xml.Jaxb2RootElementHttpMessageConverter
import org.springframework.util.ReflectionUtils
import org.springframework.web.method.HandlerMethod
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter
import org.springframework.web.servlet.mvc.method.annotation.ServletInvocableHandlerMethod
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Method
import java.util.concurrent.ConcurrentHashMap
import kotlin.reflect.KClass
import kotlin.reflect.KType
import kotlin.reflect.jvm.kotlinFunction

/**
 * Spring MVC calls every method of a Kotlin controller through kotlin-reflect's `callBy`, so that a parameter's
 * default value and value classes work: a map of arguments and a walk over the parameters per request, 1.6 % of the
 * server's CPU at the lab's knee (docs/performance.md). A method with neither gets the same arguments from `callBy`
 * as from a plain `Method.invoke`, which is what `callBy` ends in; such methods are called that way. Any other
 * method (a default value, a value class, a suspending function) keeps Spring's own path. Parameter names come from the
 * class files ([ClassFileParameterNames]).
 */
@Configuration(proxyBeanMethods = false)
class DirectHandlerCalls {
    @Bean
    fun directHandlerRegistrations(): WebMvcRegistrations = object : WebMvcRegistrations {
        override fun getRequestMappingHandlerAdapter(): RequestMappingHandlerAdapter = DirectAdapter()
    }

    /** Makes a handler method per request, as Spring's does; whether a method can be called directly is decided once per method. */
    private class DirectAdapter : RequestMappingHandlerAdapter() {
        private val direct = ConcurrentHashMap<Method, Boolean>()

        init {
            setParameterNameDiscoverer(ClassFileParameterNames.DISCOVERER)
        }

        override fun createInvocableHandlerMethod(handlerMethod: HandlerMethod): ServletInvocableHandlerMethod =
            if (direct.computeIfAbsent(handlerMethod.method, ::callableDirectly)) DirectHandlerMethod(handlerMethod)
            else ServletInvocableHandlerMethod(handlerMethod)

        /**
         * Every response's converter is chosen by asking each converter whether it can write the value: JAXB's looks
         * for `@XmlRootElement` on every answer's class (0.4 % of the server's CPU at the lab's knee), and no class of
         * Outlay's has one, so it never writes; its presence is an accident of the class path.
         */
        override fun setMessageConverters(messageConverters: List<HttpMessageConverter<*>>) =
            super.setMessageConverters(messageConverters.filterNot { it is Jaxb2RootElementHttpMessageConverter })
    }

    private class DirectHandlerMethod(handlerMethod: HandlerMethod) : ServletInvocableHandlerMethod(handlerMethod) {
        override fun doInvoke(vararg args: Any?): Any? {
            val method = bridgedMethod
            ReflectionUtils.makeAccessible(method)
            return try {
                method.invoke(bean, *args)
            } catch (e: InvocationTargetException) {
                throw e.targetException // as Spring's own path does: the controller's exception, not its wrapper
            }
        }
    }

    companion object {
        /** Whether [method] is a Kotlin function without default values, value classes or `suspend` (Spring calls Java's directly). */
        fun callableDirectly(method: Method): Boolean {
            if (!method.declaringClass.isAnnotationPresent(Metadata::class.java)) return false
            val function = method.kotlinFunction ?: return false
            return !function.isSuspend && !function.returnType.isValueClass() &&
                function.parameters.none { it.isOptional || it.type.isValueClass() }
        }

        private fun KType.isValueClass() = (classifier as? KClass<*>)?.isValue == true
    }
}

package outlay.platform

import org.springframework.boot.webmvc.autoconfigure.WebMvcRegistrations
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.MethodParameter
import org.springframework.core.convert.TypeDescriptor
import org.springframework.http.converter.HttpMessageConverter
import org.springframework.http.converter.xml.Jaxb2RootElementHttpMessageConverter
import org.springframework.util.ReflectionUtils
import org.springframework.web.bind.ServletRequestDataBinder
import org.springframework.web.context.request.NativeWebRequest
import org.springframework.web.method.HandlerMethod
import org.springframework.web.method.annotation.InitBinderDataBinderFactory
import org.springframework.web.method.support.InvocableHandlerMethod
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter
import org.springframework.web.servlet.mvc.method.annotation.ServletInvocableHandlerMethod
import org.springframework.web.servlet.mvc.method.annotation.ServletRequestDataBinderFactory
import org.springframework.web.servlet.support.ExtendedServletRequestDataBinder
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

        override fun createDataBinderFactory(binderMethods: List<InvocableHandlerMethod>): InitBinderDataBinderFactory =
            object : ServletRequestDataBinderFactory(binderMethods, webBindingInitializer) {
                override fun createBinderInstance(target: Any?, objectName: String, request: NativeWebRequest): ServletRequestDataBinder =
                    DescribedParameters(target, objectName, descriptors)
            }

        private val descriptors = ConcurrentHashMap<MethodParameter, TypeDescriptor>()
    }

    /**
     * A path variable's or query parameter's conversion looks its converter up in a cache keyed by the parameter's type
     * descriptor, annotations included. Spring makes a new descriptor per request, so every hit compared the annotations
     * member by member through their proxies (1 % of the server's CPU at the lab's knee). One descriptor per parameter,
     * made once, is the cached key itself, and compares by identity; the conversion is the same.
     */
    private class DescribedParameters(
        target: Any?,
        objectName: String,
        private val descriptors: ConcurrentHashMap<MethodParameter, TypeDescriptor>,
    ) : ExtendedServletRequestDataBinder(target, objectName) {
        override fun <T : Any> convertIfNecessary(value: Any?, requiredType: Class<T>?, methodParam: MethodParameter?): T? =
            if (methodParam == null) super.convertIfNecessary(value, requiredType, null as MethodParameter?)
            else super.convertIfNecessary(value, requiredType, descriptors.computeIfAbsent(methodParam, ::TypeDescriptor))
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

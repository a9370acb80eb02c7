package outlay.web

import org.springframework.context.annotation.Configuration
import org.springframework.http.CacheControl
import org.springframework.web.servlet.HandlerExceptionResolver
import org.springframework.web.servlet.config.annotation.ResourceHandlerRegistry
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer
import org.springframework.web.servlet.resource.VersionResourceResolver
import java.util.concurrent.TimeUnit

@Configuration
class WebMvcConfig(private val errorPages: WebErrorPages) : WebMvcConfigurer {

    /** Versioned paths never change content, so a year-long, immutable cache is safe. */
    override fun addResourceHandlers(registry: ResourceHandlerRegistry) {
        val forever = CacheControl.maxAge(365, TimeUnit.DAYS).cachePublic().immutable()
        registry.addResourceHandler("/assets/**")
            .addResourceLocations("classpath:/static/assets/")
            .setCacheControl(forever)
            .resourceChain(true)
            .addResolver(VersionResourceResolver().addFixedVersionStrategy(Assets.version, "/**"))
        registry.addResourceHandler("/webjars/**")
            .addResourceLocations("classpath:/META-INF/resources/webjars/")
            .setCacheControl(forever)
            .resourceChain(true)
    }

    override fun addViewControllers(registry: ViewControllerRegistry) {
        registry.addRedirectViewController("/", "/app")
    }

    /** Before the problem+json handler: failures of pages render as pages. */
    override fun extendHandlerExceptionResolvers(resolvers: MutableList<HandlerExceptionResolver>) {
        resolvers.add(0, errorPages)
    }
}

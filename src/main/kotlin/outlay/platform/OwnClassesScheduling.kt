package outlay.platform

import org.springframework.aop.framework.AopProxyUtils
import org.springframework.beans.factory.config.BeanDefinition
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.context.annotation.Role
import org.springframework.scheduling.annotation.ScheduledAnnotationBeanPostProcessor
import org.springframework.scheduling.annotation.SchedulingConfiguration
import org.springframework.scheduling.config.TaskManagementConfigUtils

/**
 * Spring's `@Scheduled` support (what `@EnableScheduling` imports), looking for the annotation on Outlay's own
 * classes only.
 *
 * Spring's processor walks every method of every bean, superclasses included, for the annotation: ~600 beans, nearly
 * all of them Spring's, 4 % of a start's main thread (docs/performance.md). Outlay's scheduled methods are found as
 * before; a library bean with `@Scheduled` would no longer run, so [OwnClassesSchedulingTest] checks that none on the
 * class path is a bean here. Tasks registered through a `SchedulingConfigurer` are not found by scanning and are
 * unaffected, and Spring Boot still provides the scheduler, since it looks for this processor by its name.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
class OwnClassesScheduling : SchedulingConfiguration() {
    @Bean(name = [TaskManagementConfigUtils.SCHEDULED_ANNOTATION_PROCESSOR_BEAN_NAME])
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    override fun scheduledAnnotationProcessor(): ScheduledAnnotationBeanPostProcessor = OwnClassesOnly()

    class OwnClassesOnly : ScheduledAnnotationBeanPostProcessor() {
        override fun postProcessAfterInitialization(bean: Any, beanName: String): Any =
            if (AopProxyUtils.ultimateTargetClass(bean).name.startsWith(OwnClassesTransactions.OWN_PACKAGE)) super.postProcessAfterInitialization(bean, beanName)
            else bean
    }
}

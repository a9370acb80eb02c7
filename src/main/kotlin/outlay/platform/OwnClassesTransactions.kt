package outlay.platform

import org.springframework.beans.factory.config.BeanDefinition
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.context.annotation.Role
import org.springframework.transaction.annotation.AnnotationTransactionAttributeSource
import org.springframework.transaction.annotation.ProxyTransactionManagementConfiguration
import org.springframework.transaction.interceptor.TransactionAttributeSource

/**
 * Spring's `@Transactional` support, looking for the annotation on Outlay's own classes only.
 *
 * The transaction advisor asks of every bean whether any of its methods is `@Transactional`, which
 * parses the annotations of every method of ~600 beans, nearly all of them Spring's, whose code
 * never carries the annotation: 8 % of a start's main thread (docs/performance.md). Outlay's
 * services keep their annotations and their proxies; a library bean with `@Transactional` would
 * lose its transaction, so [OwnClassesTransactionsTest] checks that none on the class path is a bean here.
 * Spring Boot's own `@EnableTransactionManagement` backs off, as it does for any configuration of this type.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
class OwnClassesTransactions : ProxyTransactionManagementConfiguration() {
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    override fun transactionAttributeSource(): TransactionAttributeSource = OwnClassesOnly()

    /** Non-public methods too, as Spring's default for class-based proxies. */
    class OwnClassesOnly : AnnotationTransactionAttributeSource(false) {
        override fun isCandidateClass(targetClass: Class<*>): Boolean =
            targetClass.name.startsWith(OWN_PACKAGE) && super.isCandidateClass(targetClass)
    }

    companion object {
        const val OWN_PACKAGE = "outlay."
    }
}

package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.aop.support.AopUtils
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.annotation.MergedAnnotations
import org.springframework.transaction.annotation.Transactional
import org.springframework.transaction.interceptor.BeanFactoryTransactionAttributeSourceAdvisor
import org.springframework.transaction.interceptor.TransactionAttributeSource
import org.springframework.util.ClassUtils
import org.springframework.util.ReflectionUtils
import outlay.support.ApiTest
import java.lang.reflect.AnnotatedElement
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue

/**
 * The transaction advisor looks at Outlay's classes only: this holds while no other bean of the server carries
 * `@Transactional` (a library that starts to would lose its transactions, and this fails), and every Outlay bean
 * that does is still proxied, so its methods still run in a transaction.
 */
class OwnClassesTransactionsTest : ApiTest() {
    @Autowired
    private lateinit var context: ConfigurableApplicationContext

    @Test
    fun `one transaction advisor, and it reads Outlay's classes only`() {
        val advisors = context.getBeansOfType(BeanFactoryTransactionAttributeSourceAdvisor::class.java)
        assertEquals(1, advisors.size, advisors.keys.toString())
        assertIs<OwnClassesTransactions.OwnClassesOnly>(context.getBean(TransactionAttributeSource::class.java))
    }

    @Test
    fun `no bean outside Outlay's packages is transactional, and every one of Outlay's that is gets a proxy`() {
        val transactional = context.beanDefinitionNames.mapNotNull { name -> context.getType(name)?.let { name to ClassUtils.getUserClass(it) } }
            .toMap().filterValues { type -> type.transactional() || ClassUtils.getAllInterfacesForClassAsSet(type).any { it.transactional() } }
        val others = transactional.filterValues { !it.name.startsWith(OwnClassesTransactions.OWN_PACKAGE) }
        assertTrue(others.isEmpty(), "transactional beans outside outlay.: $others")
        assertTrue(transactional.size > 15, "Outlay's transactional beans: ${transactional.keys}")
        transactional.keys.forEach { assertTrue(AopUtils.isAopProxy(context.getBean(it)), "$it is not proxied") }
    }

    private fun Class<*>.transactional(): Boolean =
        has(this) || runCatching { ReflectionUtils.getUniqueDeclaredMethods(this).any(::has) }.getOrDefault(false)

    private fun has(element: AnnotatedElement) =
        MergedAnnotations.from(element, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY).isPresent(Transactional::class.java)
}

package outlay.web

import org.junit.jupiter.api.Test
import org.springframework.aop.support.AopUtils
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.context.ApplicationContext
import org.springframework.web.method.ControllerAdviceBean
import outlay.ledger.TransactionController
import outlay.ledger.TransactionPages
import outlay.support.ApiTest
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** The page binding (trimmed form fields) reaches every page controller and no API controller. */
class PagesTest : ApiTest() {
    @Autowired
    lateinit var context: ApplicationContext

    @Test
    fun `every page controller is selected by the page binding's type`() {
        val pages = context.getBeansWithAnnotation(PageController::class.java).values.map { AopUtils.getTargetClass(it) }
        assertTrue(pages.size >= 18, "page controllers found: $pages")
        assertEquals(emptyList(), pages.filterNot { Pages::class.java.isAssignableFrom(it) }.map { it.simpleName })
    }

    @Test
    fun `Spring applies the page binding to pages and not to the API`() {
        val binding = ControllerAdviceBean.findAnnotatedBeans(context).single { it.beanType == PageBinding::class.java }
        assertTrue(binding.isApplicableToBeanType(TransactionPages::class.java))
        assertFalse(binding.isApplicableToBeanType(TransactionController::class.java))
    }
}

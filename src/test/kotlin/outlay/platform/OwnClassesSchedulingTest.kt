package outlay.platform

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.core.annotation.MergedAnnotations
import org.springframework.scheduling.annotation.Scheduled
import org.springframework.scheduling.config.ScheduledTaskHolder
import org.springframework.util.ClassUtils
import org.springframework.util.ReflectionUtils
import outlay.support.ApiTest
import java.lang.reflect.Method
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue

/**
 * The `@Scheduled` processor looks at Outlay's classes only: this holds while no other bean of the server carries
 * the annotation (a library that starts to would lose its scheduled work, and this fails), and every scheduled
 * method of Outlay's beans is a scheduled task.
 */
class OwnClassesSchedulingTest : ApiTest() {
    @Autowired
    private lateinit var context: ConfigurableApplicationContext

    @Test
    fun `one scheduled-annotation processor, and it reads Outlay's classes only`() {
        val holders = context.getBeansOfType(ScheduledTaskHolder::class.java)
        assertEquals(1, holders.size, holders.keys.toString())
        assertIs<OwnClassesScheduling.OwnClassesOnly>(holders.values.single())
    }

    @Test
    fun `no bean outside Outlay's packages has a scheduled method, and every one of Outlay's is scheduled`() {
        val types = context.beanDefinitionNames.mapNotNull { name -> context.getType(name)?.let { name to ClassUtils.getUserClass(it) } }.toMap()
        val scheduled = types.mapValues { (_, type) -> scheduledMethods(type) }.filterValues { it.isNotEmpty() }
        val others = scheduled.filterKeys { !types.getValue(it).name.startsWith(OwnClassesTransactions.OWN_PACKAGE) }
        assertTrue(others.isEmpty(), "scheduled methods outside outlay.: $others")
        val all = scheduled.values.flatten().toSet()
        assertTrue(all.size >= 7, "Outlay's scheduled methods: $all")
        // a cron of "-" (as the tests set for the recurring rules' producer) is Spring's way to switch a method off
        val expected = all.filterNot { context.environment.resolvePlaceholders(it.getAnnotation(Scheduled::class.java).cron) == Scheduled.CRON_DISABLED }.toSet()
        assertTrue(expected.size < all.size, "the recurring producer is off in tests")
        // a task's runnable is Spring's wrapper around the method's ScheduledMethodRunnable, which names the method
        val running = context.getBean(ScheduledTaskHolder::class.java).scheduledTasks.map { it.toString() }.toSet()
        assertEquals(expected.map { "${it.declaringClass.name}.${it.name}" }.toSet(), running.filter { name -> all.any { name == "${it.declaringClass.name}.${it.name}" } }.toSet())
    }

    private fun scheduledMethods(type: Class<*>): List<Method> = runCatching {
        ReflectionUtils.getUniqueDeclaredMethods(type).filter {
            MergedAnnotations.from(it, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY).isPresent(Scheduled::class.java)
        }
    }.getOrDefault(emptyList())
}

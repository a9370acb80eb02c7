package outlay.platform

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.support.ApiTest
import java.util.UUID
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith

/** SQL rendered once per shape binds each run's own values, and a shape that hides a difference fails. */
class ShapedSqlTest : ApiTest() {
    @Autowired
    lateinit var shaped: ShapedSql

    @Autowired
    lateinit var db: DSLContext

    private fun values(vararg xs: Int) = db.select(DSL.field("x", Int::class.java))
        .from(DSL.values(*xs.map { DSL.row(it) }.toTypedArray()).`as`("v", "x"))
        .where(DSL.field("x", Int::class.java).`in`(xs.filter { it % 2 == 0 }))

    @Test
    fun `a later run of a shape binds its own values`() {
        val id = UUID.randomUUID()
        val first = shaped.fetch("ShapedSqlTest.bind", db.select(DSL.value(id).`as`("id"), DSL.value(1.5).`as`("x")))
        val second = shaped.fetch("ShapedSqlTest.bind", db.select(DSL.value(UUID(0, 7)).`as`("id"), DSL.value(-2.25).`as`("x")))
        assertEquals(listOf(id, 1.5), first.single().intoList())
        assertEquals(listOf(UUID(0, 7), -2.25), second.single().intoList())
    }

    @Test
    fun `a shape whose text differs is caught`() {
        assertEquals(listOf(2, 4), shaped.fetch("ShapedSqlTest.in", values(1, 2, 3, 4)).map { it.get(0) })
        val e = assertFailsWith<IllegalStateException> { shaped.fetch("ShapedSqlTest.in", values(1, 2, 3, 4, 6)) }
        assertContains(e.message!!, "ShapedSqlTest.in")
    }

    @Test
    fun `two columns of one name are caught`() {
        val e = assertFailsWith<IllegalStateException> {
            shaped.fetch("ShapedSqlTest.names", db.select(DSL.inline(1).`as`("name"), DSL.inline(2).`as`("name")))
        }
        assertContains(e.message!!, "two columns of one name")
    }
}

package outlay.platform

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.db.tables.references.CATEGORY
import outlay.support.ApiTest
import java.time.LocalDate
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertTrue

/** Statements run from a kept text with their own values; a key that names two different statements fails the check. */
class StatementTextsTest : ApiTest() {
    @Autowired
    private lateinit var db: DSLContext

    private fun values(n: Int, day: LocalDate) = db.select(DSL.`val`(n).plus(1).`as`("n"), DSL.`val`(day).`as`("day"), DSL.inline("x").`as`("x"))

    @Test
    fun `a kept text runs with each statement's own values, typed as the statement's fields`() {
        val texts = StatementTexts(db, verify = true)
        val first = texts.of("values", values(1, LocalDate.of(2026, 1, 31))).fetchSingle()
        val second = texts.of("values", values(41, LocalDate.of(2026, 2, 1))).fetchSingle()
        assertEquals(listOf(2, LocalDate.of(2026, 1, 31), "x"), first.intoList())
        assertEquals(listOf(42, LocalDate.of(2026, 2, 1), "x"), second.intoList())
    }

    @Test
    fun `one key for two different statements fails the check`() {
        val texts = StatementTexts(db, verify = true)
        texts.of("categories", db.select(CATEGORY.ID).from(CATEGORY).where(CATEGORY.NAME.eq("Food")))
        val wrong = assertFailsWith<IllegalStateException> {
            texts.of("categories", db.select(CATEGORY.ID).from(CATEGORY).where(CATEGORY.NAME.eq("Food"), CATEGORY.ICON.isNotNull))
        }
        assertTrue(wrong.message!!.contains("categories"), wrong.message)
    }
}

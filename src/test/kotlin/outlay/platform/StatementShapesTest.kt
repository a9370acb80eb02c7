package outlay.platform

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.springframework.beans.factory.annotation.Autowired
import outlay.db.tables.references.CATEGORY
import outlay.support.ApiTest
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Statements rendered once per shape bind each run's own values, and refuse what would make them bind a stale one. */
class StatementShapesTest : ApiTest() {
    @Autowired
    private lateinit var db: DSLContext

    private data class ByIds(val ids: Int) : StatementShapes.Shape

    private val food = UUID.fromString("00000000-0000-7000-8000-000000000001")
    private val rent = UUID.fromString("00000000-0000-7000-8000-000000000002")
    private val utilities = UUID.fromString("00000000-0000-7000-8000-000000000003")

    private fun names(shapes: StatementShapes, vararg ids: UUID): List<String> = shapes.fetch(
        ByIds(ids.size),
        { v -> ids.forEachIndexed { n, id -> v["id$n"] = id } },
        { s -> db.select(CATEGORY.BUILTIN_KEY).from(CATEGORY).where(CATEGORY.ID.`in`((ids.indices).map { s["id$it", CATEGORY.ID] })).orderBy(CATEGORY.BUILTIN_KEY) },
    ) { it.get(0) as String }

    @Test
    fun `each run binds its own values into its shape's one text`() {
        val shapes = StatementShapes(db, verify = true)
        assertEquals(listOf("food"), names(shapes, food))
        assertEquals(listOf("rent"), names(shapes, rent))
        assertEquals(listOf("food", "utilities"), names(shapes, utilities, food))
        assertEquals(listOf("rent", "utilities"), names(shapes, rent, utilities))
    }

    @Test
    fun `a value that is not a slot is refused before it can stay bound`() {
        val shapes = StatementShapes(db, verify = false)
        val refused = assertThrows<IllegalArgumentException> {
            shapes.fetch(ByIds(0), {}, { db.select(CATEGORY.BUILTIN_KEY).from(CATEGORY).where(CATEGORY.ID.eq(food)) }) { it.get(0) }
        }
        assertTrue(refused.message!!.contains("outside the slots"), refused.message)
    }

    @Test
    fun `verifying finds a builder that depends on more than its shape names`() {
        val shapes = StatementShapes(db, verify = true)
        var descending = false
        fun run() = shapes.fetch(ByIds(1), { v -> v["id0"] = food }, { s ->
            db.select(CATEGORY.BUILTIN_KEY).from(CATEGORY).where(CATEGORY.ID.eq(s["id0", CATEGORY.ID]))
                .orderBy(if (descending) CATEGORY.BUILTIN_KEY.desc() else CATEGORY.BUILTIN_KEY.asc())
        }) { it.get(0) }
        run()
        descending = true
        assertThrows<IllegalStateException> { run() }
    }

    @Test
    fun `a value the call does not give is an error, not a null`() {
        val shapes = StatementShapes(db, verify = false)
        val missing = assertThrows<IllegalArgumentException> {
            shapes.fetch(ByIds(1), {}, { s -> db.select(CATEGORY.ID).from(CATEGORY).where(CATEGORY.ID.eq(s["id0", CATEGORY.ID])) }) { it }
        }
        assertEquals("no value named id0", missing.message)
    }

    @Test
    fun `a null value is bound as null, not taken for a missing one`() {
        val shapes = StatementShapes(db, verify = true)
        fun keys(parent: UUID?) = shapes.fetch(ByIds(1), { v -> v["parent"] = parent }, { s ->
            db.select(CATEGORY.BUILTIN_KEY).from(CATEGORY).where(CATEGORY.ID.eq(DSL.inline(food, CATEGORY.ID)), CATEGORY.PARENT_ID.isNotDistinctFrom(s["parent", CATEGORY.PARENT_ID]))
        }) { it.get(0) as String }
        assertEquals(listOf("food"), keys(null))
        assertEquals(emptyList(), keys(rent))
    }

    @Test
    fun `placeholders are read in order, and never inside quotes`() {
        assertEquals(listOf("slot_a", "1", "slot_b"), StatementShapes.placeholders("select :slot_a, ':x', \"a:b\", 'it''s :y' from t where x = :1 and y = :slot_b"))
    }

    @Test
    fun `a cast written with two colons is not a placeholder`() {
        assertEquals(listOf("slot_a"), StatementShapes.placeholders("select :slot_a::uuid, x::text from t"))
    }
}

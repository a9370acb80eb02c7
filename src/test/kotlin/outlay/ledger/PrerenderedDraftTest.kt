package outlay.ledger

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.impl.DSL
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.db.tables.references.DRAFT
import outlay.db.tables.references.DRAFT_ITEM
import outlay.ledger.DraftFields.DOCUMENTS
import outlay.ledger.DraftFields.ITEMS
import outlay.platform.prerendered
import outlay.support.ApiTest
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith

/**
 * The draft's nested parts rendered once: the statements they are in are the same SQL, on this database's dialect,
 * as with the parts rendered on every run, alone and as the last part of a statement with writes before it.
 */
class PrerenderedDraftTest : ApiTest() {
    @Autowired
    private lateinit var db: DSLContext

    @Test
    fun `a statement with the prerendered parts is the same SQL as with the parts themselves`() {
        val user = UUID.randomUUID()
        val items = db.prerendered(ITEMS)
        val documents = db.prerendered(DOCUMENTS)
        fun read(vararg nested: Field<*>) = db.select(DRAFT.ID, *nested).from(DRAFT).where(DRAFT.USER_ID.eq(user))
        assertEquals(db.render(read(ITEMS, DOCUMENTS)), db.render(read(items, documents)))
        val write = db.deleteFrom(DRAFT_ITEM).where(DRAFT_ITEM.USER_ID.eq(user))
        assertEquals(
            db.render(db.resultQuery("with w0 as ({0}) {1}", write, read(ITEMS, DOCUMENTS))),
            db.render(db.resultQuery("with w0 as ({0}) {1}", write, read(items, documents))),
        )
    }

    @Test
    fun `a part with bind values is refused`() {
        assertFailsWith<IllegalArgumentException> { db.prerendered(DSL.field(DRAFT.USER_ID.eq(UUID.randomUUID()))) }
    }
}

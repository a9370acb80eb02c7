package outlay.exchange

import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.exchange.parse.ColumnMapping
import outlay.exchange.parse.CsvSettings
import outlay.platform.NotFoundException
import outlay.support.ApiTest
import outlay.support.Ledger
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertFailsWith
import kotlin.test.assertNull

class ImportMappingTest : ApiTest() {
    @Autowired
    lateinit var mappings: ImportMappingService

    private fun Ledger.userId() = UUID.fromString(get("/me").text("id"))

    @Test
    fun `a confirmed mapping is remembered per account and replaced by the next one`() {
        val ann = Ledger(api)
        val checking = UUID.fromString(ann.account("Checking"))
        val card = UUID.fromString(ann.account("Card"))
        val first = CsvSettings(';', true, "dd.MM.yyyy", ',', ColumnMapping(date = "Buchungstag", amount = "Betrag", seller = "Empfänger"))
        assertNull(mappings.remembered(ann.userId(), checking))

        mappings.remember(ann.userId(), checking, first)
        assertEquals(first, mappings.remembered(ann.userId(), checking))
        assertNull(mappings.remembered(ann.userId(), card))

        val second = CsvSettings(',', true, "MM/dd/yyyy", '.', ColumnMapping(date = "Date", debit = "Out", credit = "In", note = "Memo"))
        mappings.remember(ann.userId(), checking, second)
        assertEquals(second, mappings.remembered(ann.userId(), checking))
    }

    @Test
    fun `another user's account mapping can be neither read nor written`() {
        val ann = Ledger(api)
        val bob = Ledger(api)
        val annAccount = UUID.fromString(ann.account())
        val settings = CsvSettings(',', true, "yyyy-MM-dd", '.', ColumnMapping(date = "date", amount = "amount"))
        mappings.remember(ann.userId(), annAccount, settings)

        assertFailsWith<NotFoundException> { mappings.remembered(bob.userId(), annAccount) }
        assertFailsWith<NotFoundException> { mappings.remember(bob.userId(), annAccount, settings.copy(delimiter = ';')) }
        assertEquals(settings, mappings.remembered(ann.userId(), annAccount))
    }
}

package outlay.exchange.parse

import java.io.Reader
import java.time.LocalDate
import java.time.format.DateTimeFormatter

/**
 * Reads the `<STMTTRN>` transactions of an OFX/QFX file (bank and credit-card statements,
 * versions 1.x and 2.x) one at a time. Written here rather than with OFX4J: its SGML reader
 * stops at the first raw `&` in a payee name (common in real bank files) with "Unexpected EOF"
 * and no position, and it brings NanoXML 2.2.3 (2002) and Reflections 0.9.10 with Guava 15.
 */
object OfxStatementParser {
    private const val TRANSACTION = "STMTTRN"
    // Aggregates inside a transaction whose fields are read with a prefix ("PAYEE.NAME").
    private val NESTED = setOf("PAYEE", "CURRENCY", "ORIGCURRENCY", "BANKACCTTO", "CCACCTTO", "IMAGEDATA")

    private data class Field(val text: String, val line: Long, val column: Int)

    fun read(reader: Reader): Sequence<Parsed> = sequence {
        val tokens = OfxTokenizer(reader)
        var currency: String? = null
        var current: HashMap<String, Field>? = null
        var start: OfxTokenizer.Start? = null
        var nested: String? = null
        var sawOfx = false
        while (true) {
            val token = tokens.next() ?: break
            when (token) {
                is OfxTokenizer.Start -> {
                    if (token.name == "OFX") sawOfx = true
                    when {
                        token.name == TRANSACTION -> {
                            if (current != null) yield(problem(start!!, "The transaction is not closed with </STMTTRN> before the next one starts."))
                            current = HashMap(); start = token; nested = null
                        }
                        current != null && token.name in NESTED && token.text.isEmpty() -> nested = token.name
                        current != null && token.text.isNotEmpty() -> {
                            val key = nested?.let { "$it.${token.name}" } ?: token.name
                            current[key] = Field(token.text, token.line, token.textColumn)
                        }
                        token.name == "CURDEF" && token.text.isNotEmpty() -> currency = token.text.uppercase()
                    }
                }
                is OfxTokenizer.End -> when {
                    token.name == TRANSACTION && current != null -> {
                        yield(row(start!!, current, currency)); current = null
                    }
                    token.name == nested -> nested = null
                }
            }
        }
        if (!sawOfx) throw StatementException(StatementProblem(1, null, null, null, "This is not an OFX file: there is no <OFX> element."))
        if (current != null) yield(problem(start!!, "The file ends inside this transaction (no </STMTTRN>)."))
    }

    private fun problem(start: OfxTokenizer.Start, message: String) =
        Parsed.Problem(StatementProblem(start.line, start.column, TRANSACTION, null, message))

    private fun row(start: OfxTokenizer.Start, fields: Map<String, Field>, statementCurrency: String?): Parsed {
        fun missing(tag: String) = Parsed.Problem(StatementProblem(start.line, start.column, tag, null, "The transaction has no <$tag>."))
        fun bad(tag: String, field: Field, message: String) = Parsed.Problem(StatementProblem(field.line, field.column, tag, field.text, message))

        val posted = fields["DTPOSTED"] ?: return missing("DTPOSTED")
        val date = date(posted.text) ?: return bad("DTPOSTED", posted, "Not an OFX date (YYYYMMDD, optionally followed by the time).")
        val amountField = fields["TRNAMT"] ?: return missing("TRNAMT")
        val separator = if (amountField.text.contains(',') && !amountField.text.contains('.')) ',' else '.'
        val amount = Amounts.parse(amountField.text, separator) ?: return bad("TRNAMT", amountField, "Not an amount.")
        val name = fields["NAME"]?.text ?: fields["PAYEE.NAME"]?.text
        return Parsed.Row(
            StatementRow(
                line = start.line, date = date, amount = amount,
                description = fields["MEMO"]?.text, payee = name,
                currency = (fields["CURRENCY.CURSYM"]?.text ?: statementCurrency)?.uppercase(),
                note = fields["CHECKNUM"]?.text?.let { "Check $it" },
                externalId = fields["FITID"]?.text,
            ),
        )
    }

    private fun date(text: String): LocalDate? {
        if (text.length < 8) return null
        return runCatching { LocalDate.parse(text.substring(0, 8), DateTimeFormatter.BASIC_ISO_DATE) }.getOrNull()
    }
}

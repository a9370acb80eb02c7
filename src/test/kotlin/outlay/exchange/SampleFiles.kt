package outlay.exchange

import outlay.exchange.parse.Parsed
import outlay.exchange.parse.StatementException
import outlay.exchange.parse.StatementFiles
import outlay.exchange.parse.StatementInspection
import outlay.exchange.parse.StatementProblem
import outlay.exchange.parse.StatementRow
import java.io.ByteArrayInputStream
import kotlin.test.assertFailsWith

/** A sample bank file from src/test/resources/exchange, inspected and read the way an import reads it. */
class SampleFiles private constructor(val bytes: ByteArray) {
    val inspection: StatementInspection = StatementFiles.inspect(ByteArrayInputStream(bytes))

    fun parsed(): List<Parsed> = StatementFiles.read(ByteArrayInputStream(bytes), StatementFiles.settings(inspection)).toList()
    fun rows(): List<StatementRow> = parsed().filterIsInstance<Parsed.Row>().map { it.row }
    fun problems(): List<StatementProblem> = parsed().filterIsInstance<Parsed.Problem>().map { it.problem }
    fun failure(): StatementException = assertFailsWith<StatementException> { parsed() }

    companion object {
        fun bytes(name: String): ByteArray =
            SampleFiles::class.java.getResourceAsStream("/exchange/$name")?.use { it.readBytes() } ?: error("no sample $name")

        fun inspect(name: String) = SampleFiles(bytes(name))
        fun inspectText(text: String) = SampleFiles(text.toByteArray())
    }
}

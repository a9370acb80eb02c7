package outlay.exchange.parse

import java.io.Reader

/**
 * The tags of an OFX file, one at a time, for both versions: 1.x is SGML (element tags are not
 * closed, `&` may appear raw) and 2.x is XML. The v1 header lines (`OFXHEADER:100`) and XML
 * processing instructions are skipped. Each token knows its line and column.
 */
class OfxTokenizer(private val reader: Reader) {

    sealed interface Token {
        val line: Long
        val column: Int
    }

    /** `<NAME>` followed by [text] up to the next tag (empty for an aggregate). */
    data class Start(val name: String, val text: String, override val line: Long, override val column: Int, val textColumn: Int) : Token

    data class End(val name: String, override val line: Long, override val column: Int) : Token

    private var line = 1L
    private var column = 0
    private var peeked = -2

    fun next(): Token? {
        while (true) {
            var c = read()
            while (c != -1 && c != '<'.code) c = read()
            if (c == -1) return null
            val tagLine = line
            val tagColumn = column
            val name = StringBuilder()
            c = read()
            while (c != -1 && c != '>'.code) { name.append(c.toChar()); c = read() }
            if (c == -1) throw StatementException(StatementProblem(tagLine, tagColumn, null, "<$name", "A tag is not closed with '>'."))
            val tag = name.toString().trim()
            when {
                tag.startsWith("?") || tag.startsWith("!") -> continue
                tag.startsWith("/") -> return End(tag.substring(1).trim().uppercase(), tagLine, tagColumn)
                else -> {
                    val textLine = line
                    val textColumn = column + 1
                    val text = StringBuilder()
                    while (peek() != -1 && peek() != '<'.code) text.append(read().toChar())
                    val value = decode(text.toString().trim())
                    // a value that runs over several lines is still reported where it started
                    return Start(tag.substringBefore(' ').uppercase(), value, if (value.isEmpty()) tagLine else textLine, tagColumn, textColumn)
                }
            }
        }
    }

    private fun peek(): Int {
        if (peeked == -2) peeked = reader.read()
        return peeked
    }

    private fun read(): Int {
        val c = if (peeked != -2) peeked.also { peeked = -2 } else reader.read()
        if (c == '\n'.code) { line++; column = 0 } else if (c != -1) column++
        return c
    }

    /** XML's entities and character references; a raw `&` (common in SGML files) stays as it is. */
    private fun decode(text: String): String {
        if (!text.contains('&')) return text
        return ENTITY.replace(text) { m ->
            val name = m.groupValues[1]
            when {
                name.startsWith("#x", ignoreCase = true) -> name.substring(2).toIntOrNull(16)?.let { String(Character.toChars(it)) }
                name.startsWith("#") -> name.substring(1).toIntOrNull()?.let { String(Character.toChars(it)) }
                else -> NAMED[name.lowercase()]
            } ?: m.value
        }
    }

    private companion object {
        val ENTITY = Regex("""&(#x?[0-9A-Fa-f]+|[A-Za-z]+);""")
        val NAMED = mapOf("amp" to "&", "lt" to "<", "gt" to ">", "quot" to "\"", "apos" to "'", "nbsp" to "\u00A0")
    }
}

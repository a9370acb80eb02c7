package outlay.exchange.parse

import java.io.BufferedInputStream
import java.io.BufferedReader
import java.io.InputStream
import java.io.InputStreamReader
import java.io.Reader
import java.nio.ByteBuffer
import java.nio.CharBuffer
import java.nio.charset.Charset
import java.nio.charset.CodingErrorAction
import java.nio.charset.StandardCharsets

/**
 * A bank file opened as text: its encoding decided from the first bytes (a byte-order mark, else
 * valid UTF-8, else Windows-1252 — what European banks' "ANSI" exports are), the first
 * [SAMPLE_BYTES] decoded for detection, and a reader over the whole file that never holds more
 * than a buffer of it.
 */
class TextSource private constructor(
    val charset: Charset,
    val bom: Boolean,
    val sample: String,
    /** Whether [sample] is the whole file. */
    val complete: Boolean,
    val reader: Reader,
) {

    companion object {
        const val SAMPLE_BYTES = 64 * 1024
        val WINDOWS_1252: Charset = Charset.forName("windows-1252")

        /** Opens [input]; [charset] overrides the detection (a user's choice). */
        fun open(input: InputStream, charset: Charset? = null): TextSource {
            val buffered = if (input is BufferedInputStream) input else BufferedInputStream(input, SAMPLE_BYTES)
            buffered.mark(SAMPLE_BYTES + 1)
            val head = buffered.readNBytes(SAMPLE_BYTES)
            buffered.reset()
            val bomCharset = bomCharset(head)
            val chosen = charset ?: bomCharset?.first ?: if (isUtf8(head, head.size < SAMPLE_BYTES)) StandardCharsets.UTF_8 else WINDOWS_1252
            val bomLength = if (bomCharset != null && bomCharset.first == chosen) bomCharset.second else 0
            buffered.skipNBytes(bomLength.toLong())
            val sample = String(head, bomLength, head.size - bomLength, chosen).removeSuffix("\uFFFD")
            return TextSource(chosen, bomLength > 0, sample, head.size < SAMPLE_BYTES, BufferedReader(InputStreamReader(buffered, chosen), 16 * 1024))
        }

        private fun bomCharset(head: ByteArray): Pair<Charset, Int>? {
            fun starts(vararg bytes: Int) = head.size >= bytes.size && bytes.indices.all { head[it] == bytes[it].toByte() }
            return when {
                starts(0xEF, 0xBB, 0xBF) -> StandardCharsets.UTF_8 to 3
                starts(0xFF, 0xFE) -> StandardCharsets.UTF_16LE to 2
                starts(0xFE, 0xFF) -> StandardCharsets.UTF_16BE to 2
                else -> null
            }
        }

        /** Whether [bytes] decode as UTF-8; a character cut off at the end of a sample does not count against it. */
        private fun isUtf8(bytes: ByteArray, complete: Boolean): Boolean {
            val decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
            val result = decoder.decode(ByteBuffer.wrap(bytes), CharBuffer.allocate(bytes.size + 1), complete)
            return !result.isError
        }
    }
}

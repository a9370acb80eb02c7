package outlay.platform

import java.nio.ByteBuffer
import java.time.LocalDate
import java.util.Base64
import java.util.UUID

/**
 * Opaque keyset cursor: the (date, id, position within that id) of the last row of a page.
 * Clients pass it back unchanged; its encoding is not part of the API.
 */
data class Cursor(val date: LocalDate, val id: UUID, val seq: Int = 0) {
    fun encode(): String {
        val buffer = ByteBuffer.allocate(SIZE).putLong(date.toEpochDay()).putLong(id.mostSignificantBits).putLong(id.leastSignificantBits).putInt(seq)
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer.array())
    }

    companion object {
        /** What [decode] accepts, for the OpenAPI document: base64url of the 28 bytes, padded or not. */
        const val PATTERN = "^[A-Za-z0-9_-]{38}(==)?$"

        fun decode(text: String): Cursor {
            val bytes = runCatching { Base64.getUrlDecoder().decode(text) }.getOrNull()
            if (bytes == null || bytes.size != SIZE) throw ValidationException("cursor", "is not a cursor this server issued")
            val buffer = ByteBuffer.wrap(bytes)
            // Any well-formed cursor only positions the keyset; nothing lies outside the date domain, so clamping changes no page.
            val day = buffer.long.coerceIn(InputDomains.MIN_DATE.toEpochDay() - 1, InputDomains.MAX_DATE.toEpochDay() + 1)
            return Cursor(LocalDate.ofEpochDay(day), UUID(buffer.long, buffer.long), buffer.int)
        }

        private const val SIZE = 28
    }
}

/** A page of a keyset-paginated list; [nextCursor] is null on the last page. */
data class Page<T>(val items: List<T>, val nextCursor: String?)

package outlay.support

import java.util.UUID

/** Small real files of each accepted type (only the leading bytes decide the type). */
object Fixtures {
    val PDF: ByteArray = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n".toByteArray()
    val PNG: ByteArray = byteArrayOf(0x89.toByte(), 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52) + ByteArray(32)
    val JPEG: ByteArray = byteArrayOf(0xFF.toByte(), 0xD8.toByte(), 0xFF.toByte(), 0xE0.toByte(), 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0) + ByteArray(32)
    val WEBP: ByteArray = "RIFF".toByteArray() + byteArrayOf(40, 0, 0, 0) + "WEBPVP8 ".toByteArray() + ByteArray(32)
    val HEIC: ByteArray = byteArrayOf(0, 0, 0, 0x18) + "ftypheic".toByteArray() + ByteArray(32)
    val TEXT: ByteArray = "just some text, not a receipt\n".toByteArray()

    /** A distinct PDF each call (dedup is by content). */
    fun uniquePdf(): ByteArray = PDF + "% ${UUID.randomUUID()}\n".toByteArray()

    const val FOOD = "00000000-0000-7000-8000-000000000001"
    const val RENT = "00000000-0000-7000-8000-000000000002"
}

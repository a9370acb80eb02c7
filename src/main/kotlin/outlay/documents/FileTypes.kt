package outlay.documents

/**
 * Recognises accepted uploads by their first bytes ("magic numbers"), never by file name or
 * the client's Content-Type, which are both whatever the client says.
 */
object FileTypes {
    const val PDF = "application/pdf"
    const val PNG = "image/png"
    const val JPEG = "image/jpeg"
    const val WEBP = "image/webp"
    const val HEIC = "image/heic"

    val DOCUMENT_TYPES = setOf(PDF, PNG, JPEG, WEBP, HEIC)
    val IMAGE_TYPES = setOf(PNG, JPEG, WEBP, HEIC)

    /** How many leading bytes [detect] needs. */
    const val HEAD_SIZE = 16

    private val PNG_SIGNATURE = byteArrayOf(0x89.toByte(), 'P'.code.toByte(), 'N'.code.toByte(), 'G'.code.toByte(), 0x0D, 0x0A, 0x1A, 0x0A)
    private val HEIF_BRANDS = setOf("heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1")

    fun detect(head: ByteArray): String? = when {
        head.startsWith("%PDF-".toByteArray()) -> PDF
        head.startsWith(PNG_SIGNATURE) -> PNG
        head.size >= 3 && head[0] == 0xFF.toByte() && head[1] == 0xD8.toByte() && head[2] == 0xFF.toByte() -> JPEG
        head.size >= 12 && head.ascii(0, 4) == "RIFF" && head.ascii(8, 12) == "WEBP" -> WEBP
        head.size >= 12 && head.ascii(4, 8) == "ftyp" && head.ascii(8, 12) in HEIF_BRANDS -> HEIC
        else -> null
    }

    fun extension(mediaType: String): String = when (mediaType) {
        PDF -> "pdf"; PNG -> "png"; JPEG -> "jpg"; WEBP -> "webp"; HEIC -> "heic"; else -> "bin"
    }

    private fun ByteArray.startsWith(prefix: ByteArray) = size >= prefix.size && prefix.indices.all { this[it] == prefix[it] }
    private fun ByteArray.ascii(from: Int, to: Int) = String(this, from, to - from, Charsets.ISO_8859_1)
}

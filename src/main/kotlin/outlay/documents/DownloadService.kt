package outlay.documents

import org.springframework.stereotype.Service
import outlay.platform.NotFoundException
import outlay.platform.Reads
import java.io.InputStream
import java.util.UUID

/** A file link of the caller's and an open stream of its bytes. */
class Download(val link: FileLink, val content: InputStream)

@Service
class DownloadService(private val links: FileLinks, private val store: FileStore) {

    /** The link alone first: a conditional request can end in 304 without opening the bytes. */
    @Reads
    fun documentLink(userId: UUID, id: UUID): FileLink = links.document(userId, id) ?: throw NotFoundException("Document not found.")

    @Reads
    fun imageLink(userId: UUID, id: UUID): FileLink = links.image(userId, id) ?: throw NotFoundException("Image not found.")

    fun open(link: FileLink): Download =
        Download(link, store.open(link.file.key) ?: throw NotFoundException("The file's content is missing."))
}

package outlay.documents

import org.springframework.core.io.InputStreamResource
import org.springframework.core.io.Resource
import org.springframework.http.CacheControl
import org.springframework.http.ContentDisposition
import org.springframework.http.HttpHeaders
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.context.request.WebRequest
import java.util.concurrent.TimeUnit

/** A stored file as an HTTP answer, the same for the JSON API and the web app: ETag, private caching, safe headers. */
object FileResponses {

    fun serve(downloads: DownloadService, link: FileLink, fallbackName: String, request: WebRequest): ResponseEntity<Resource> {
        val etag = "\"${link.file.sha256}\""
        val cache = CacheControl.maxAge(1, TimeUnit.HOURS).cachePrivate()
        if (request.checkNotModified(etag)) return ResponseEntity.status(HttpStatus.NOT_MODIFIED).eTag(etag).cacheControl(cache).build()
        val download = downloads.open(link)
        val name = safeFilename(link.filename) ?: "$fallbackName-${link.id}.${FileTypes.extension(link.file.mediaType)}"
        // Images may show in place; anything else (PDF) is saved, never rendered in the server's origin.
        val disposition = if (link.file.mediaType.startsWith("image/")) ContentDisposition.inline() else ContentDisposition.attachment()
        return ResponseEntity.ok()
            .contentType(MediaType.parseMediaType(link.file.mediaType))
            .contentLength(link.file.sizeBytes)
            .eTag(etag)
            .cacheControl(cache)
            .header(HttpHeaders.CONTENT_DISPOSITION, disposition.filename(name, Charsets.UTF_8).build().toString())
            .header("X-Content-Type-Options", "nosniff")
            .body(InputStreamResource(download.content))
    }

    /** The client's name without paths, quotes or control characters; Spring encodes the rest (RFC 6266 `filename*`). */
    private fun safeFilename(name: String?): String? =
        name?.substringAfterLast('/')?.substringAfterLast('\\')
            ?.filter { !it.isISOControl() && it != '"' }?.trim()?.take(200)?.ifEmpty { null }
}

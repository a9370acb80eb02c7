package outlay.documents

import org.springframework.core.io.Resource
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.context.request.WebRequest
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import java.util.UUID

/**
 * Receipts and item photos for the signed-in browser (the session, not a bearer token): the same
 * links and bytes as `/documents/{id}` and `/images/{id}`. Another person's id is the 404 page.
 */
@PageController
@RequestMapping("/app")
class FilePages(private val downloads: DownloadService) : Pages {

    @GetMapping("/documents/{id}")
    fun document(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, request: WebRequest): ResponseEntity<Resource> =
        FileResponses.serve(downloads, downloads.documentLink(user.id, id), "document", request)

    @GetMapping("/images/{id}")
    fun image(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, request: WebRequest): ResponseEntity<Resource> =
        FileResponses.serve(downloads, downloads.imageLink(user.id, id), "image", request)

    companion object {
        fun documentHref(id: UUID) = "/app/documents/$id"

        fun imageHref(id: UUID) = "/app/images/$id"
    }
}

package outlay.documents

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.tags.Tag
import org.springframework.core.io.Resource
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.context.request.WebRequest
import outlay.platform.userId
import java.util.UUID

@RestController
@Tag(name = "files")
class FileController(private val downloads: DownloadService) {

    @GetMapping("/documents/{id}")
    @Operation(summary = "A document's bytes, to its owner only")
    @FileDownload(FileKind.DOCUMENT)
    fun document(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, request: WebRequest): ResponseEntity<Resource> =
        FileResponses.serve(downloads, downloads.documentLink(jwt.userId(), id), "document", request)

    @GetMapping("/images/{id}")
    @Operation(summary = "An item image's bytes, to its owner only")
    @FileDownload(FileKind.IMAGE)
    fun image(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, request: WebRequest): ResponseEntity<Resource> =
        FileResponses.serve(downloads, downloads.imageLink(jwt.userId(), id), "image", request)
}

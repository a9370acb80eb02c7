package outlay.ledger

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.Parameter
import io.swagger.v3.oas.annotations.media.Schema
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RequestPart
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.multipart.MultipartFile
import outlay.documents.FileKind
import outlay.documents.FileUpload
import outlay.platform.Ids
import outlay.platform.userId
import java.util.UUID

/** Receipts and item photos of a saved transaction: added and removed after saving, as in the draft. */
@RestController
@RequestMapping("/transactions/{id:${Ids.UUID_PATTERN}}")
@Tag(name = "transactions")
class AttachmentController(private val attachments: AttachmentService) {

    @PostMapping("/documents", consumes = [MediaType.MULTIPART_FORM_DATA_VALUE])
    @Operation(summary = "Attach a document to a saved transaction (PDF, PNG, JPEG, WebP or HEIC; at most 10; the same file twice is one document)")
    @FileUpload(FileKind.DOCUMENT)
    @ApiResponse(responseCode = "201", description = "Attached")
    @ApiResponse(responseCode = "200", description = "The same file was already attached: that document")
    fun addDocument(
        @AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @RequestPart("file") file: MultipartFile,
        @RequestParam(defaultValue = "receipt") @Parameter(schema = Schema(allowableValues = ["receipt", "invoice", "bank_statement", "other"])) kind: String,
    ): ResponseEntity<DocumentView> = attachments.addDocument(jwt.userId(), id, file, kind).toResponse()

    @DeleteMapping("/documents/{documentId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun deleteDocument(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @PathVariable documentId: UUID) =
        attachments.deleteDocument(jwt.userId(), id, documentId)

    @PostMapping("/items/{itemId}/images", consumes = [MediaType.MULTIPART_FORM_DATA_VALUE])
    @Operation(summary = "Attach an image to an item of a saved transaction (PNG, JPEG, WebP or HEIC; at most 10)")
    @FileUpload(FileKind.IMAGE)
    @ApiResponse(responseCode = "201", description = "Attached")
    @ApiResponse(responseCode = "200", description = "The same file was already attached: that image")
    fun addImage(
        @AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @PathVariable itemId: UUID, @RequestPart("file") file: MultipartFile,
    ): ResponseEntity<FileView> = attachments.addImage(jwt.userId(), id, itemId, file).toResponse()

    @DeleteMapping("/items/{itemId}/images/{imageId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun deleteImage(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @PathVariable itemId: UUID, @PathVariable imageId: UUID) =
        attachments.deleteImage(jwt.userId(), id, itemId, imageId)

    private fun <T : Any> Added<T>.toResponse(): ResponseEntity<T> =
        ResponseEntity.status(if (created) HttpStatus.CREATED else HttpStatus.OK).body(attachment)
}

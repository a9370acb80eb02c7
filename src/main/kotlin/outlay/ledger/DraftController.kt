package outlay.ledger

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.Parameter
import io.swagger.v3.oas.annotations.media.Schema
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RequestPart
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.multipart.MultipartFile
import outlay.documents.FileKind
import outlay.documents.FileUpload
import outlay.platform.userId
import java.util.UUID

@RestController
@RequestMapping("/transactions/draft")
@Tag(name = "draft")
class DraftController(private val drafts: DraftService) {

    @PostMapping
    @Operation(summary = "Open the draft: the one in progress (200), or a new one (201); one per user")
    @ApiResponse(responseCode = "201", description = "Created: there was no draft")
    @ApiResponse(responseCode = "200", description = "The draft in progress, unchanged (the body's timeZone is not applied)")
    fun create(@AuthenticationPrincipal jwt: Jwt, @RequestBody(required = false) body: NewDraftRequest?): ResponseEntity<DraftView> {
        val opened = drafts.open(jwt.userId(), body ?: NewDraftRequest())
        return ResponseEntity.status(if (opened.created) HttpStatus.CREATED else HttpStatus.OK).body(opened.draft)
    }

    @DeleteMapping
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Discard the draft with its items and attachments")
    fun discard(@AuthenticationPrincipal jwt: Jwt) = drafts.discard(jwt.userId())

    @GetMapping
    fun get(@AuthenticationPrincipal jwt: Jwt) = drafts.get(jwt.userId())

    @PutMapping
    @Operation(summary = "Replace the draft's header, and its items when `items` is present")
    fun update(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: TransactionRequest) = drafts.update(jwt.userId(), body)

    @PutMapping("/items/{itemId}")
    @Operation(summary = "Create or replace one item by the client's UUID (at most 20 items)")
    fun putItem(@AuthenticationPrincipal jwt: Jwt, @PathVariable itemId: UUID, @Valid @RequestBody body: ItemRequest) =
        drafts.putItem(jwt.userId(), itemId, body)

    @DeleteMapping("/items/{itemId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun deleteItem(@AuthenticationPrincipal jwt: Jwt, @PathVariable itemId: UUID) = drafts.deleteItem(jwt.userId(), itemId)

    @PostMapping("/documents", consumes = [MediaType.MULTIPART_FORM_DATA_VALUE])
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Attach a document (PDF, PNG, JPEG, WebP or HEIC; the same file twice is one document)")
    @FileUpload(FileKind.DOCUMENT)
    fun addDocument(
        @AuthenticationPrincipal jwt: Jwt, @RequestPart("file") file: MultipartFile, @RequestParam(defaultValue = "receipt") @Parameter(schema = Schema(allowableValues = ["receipt", "invoice", "bank_statement", "other"])) kind: String,
    ) = drafts.addDocument(jwt.userId(), file, kind)

    @DeleteMapping("/documents/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun deleteDocument(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = drafts.deleteDocument(jwt.userId(), id)

    @PostMapping("/items/{itemId}/images", consumes = [MediaType.MULTIPART_FORM_DATA_VALUE])
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(summary = "Attach an image to an item (PNG, JPEG, WebP or HEIC; at most 10)")
    @FileUpload(FileKind.IMAGE)
    fun addImage(@AuthenticationPrincipal jwt: Jwt, @PathVariable itemId: UUID, @RequestPart("file") file: MultipartFile) =
        drafts.addImage(jwt.userId(), itemId, file)

    @DeleteMapping("/items/{itemId}/images/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun deleteImage(@AuthenticationPrincipal jwt: Jwt, @PathVariable itemId: UUID, @PathVariable id: UUID) =
        drafts.deleteImage(jwt.userId(), itemId, id)
}

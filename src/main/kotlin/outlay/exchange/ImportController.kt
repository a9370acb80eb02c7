package outlay.exchange

import io.swagger.v3.oas.annotations.media.Content
import io.swagger.v3.oas.annotations.media.Schema
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.responses.ApiResponses
import io.swagger.v3.oas.annotations.tags.Tag
import org.springframework.http.HttpStatus
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestPart
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.multipart.MultipartFile
import outlay.exchange.dump.FullRestore
import outlay.exchange.dump.RestoreResult
import outlay.platform.userId
import java.util.UUID

@RestController
@Tag(name = "imports")
class ImportController(private val imports: ImportService, private val restore: FullRestore) {

    /** A full export of another Outlay (GET /exports/full) into the caller's empty ledger, every id kept. */
    @PostMapping("/imports/full", consumes = ["multipart/form-data"])
    @ResponseStatus(HttpStatus.CREATED)
    fun full(@AuthenticationPrincipal jwt: Jwt, @RequestPart("file") file: MultipartFile): ResponseEntity<RestoreResult> =
        ResponseEntity.status(HttpStatus.CREATED).body(file.inputStream.use { restore.restore(jwt.userId(), it) })

    /** Step 1: upload a CSV, TSV, OFX/QFX or QIF file; answers with what was detected. */
    @PostMapping("/imports", consumes = ["multipart/form-data"])
    @ResponseStatus(HttpStatus.CREATED)
    fun upload(@AuthenticationPrincipal jwt: Jwt, @RequestPart("file") file: MultipartFile): ResponseEntity<UploadView> =
        ResponseEntity.status(HttpStatus.CREATED).body(imports.upload(jwt.userId(), file.originalFilename, file.inputStream))

    /** Step 2: the rows as they would be recorded into the account, with every problem and duplicate. Writes nothing. */
    @PostMapping("/imports/{id}/preview")
    fun preview(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @RequestBody request: ImportRequest): PreviewView =
        imports.preview(jwt.userId(), id, request)

    /** Step 3: record all new rows in one database transaction, or none when a row has a problem. */
    @PostMapping("/imports/{id}/confirm")
    @ApiResponses(
        ApiResponse(responseCode = "201", description = "Rows were recorded", content = [Content(mediaType = "application/json", schema = Schema(implementation = ImportResult::class))]),
        ApiResponse(responseCode = "200", description = "Nothing new was recorded", content = [Content(mediaType = "application/json", schema = Schema(implementation = ImportResult::class))]),
    )
    fun confirm(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @RequestBody request: ImportRequest): ResponseEntity<ImportResult> {
        val (result, created) = imports.confirm(jwt.userId(), id, request)
        return ResponseEntity.status(if (created) HttpStatus.CREATED else HttpStatus.OK).body(result)
    }
}

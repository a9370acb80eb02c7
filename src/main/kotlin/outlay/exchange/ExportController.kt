package outlay.exchange

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.media.Content
import io.swagger.v3.oas.annotations.media.Schema
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import org.springframework.http.HttpHeaders
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody
import outlay.exchange.dump.FullExport
import outlay.platform.userId
import outlay.ledger.statistics.StatisticsFilter

@RestController
@Tag(name = "exports")
class ExportController(private val csv: CsvExportService, private val full: FullExport) {

    @GetMapping("/exports/full")
    @Operation(summary = "The caller's whole ledger with its files as one zip (format in docs/exchange.md), streamed")
    @ApiResponse(responseCode = "200", content = [Content(mediaType = "application/zip", schema = Schema(type = "string", format = "binary"))])
    fun everything(@AuthenticationPrincipal jwt: Jwt): ResponseEntity<StreamingResponseBody> {
        val userId = jwt.userId()
        return ResponseEntity.ok()
            .contentType(MediaType("application", "zip"))
            .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"outlay-export.zip\"")
            .body(StreamingResponseBody { out -> full.write(userId, out) })
    }

    @PostMapping("/exports/transactions.csv")
    @Operation(summary = "The items matching a statistics filter as CSV (columns in docs/exchange.md), streamed")
    @ApiResponse(responseCode = "200", content = [Content(mediaType = "text/csv", schema = Schema(type = "string"))])
    fun transactions(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody filter: StatisticsFilter): ResponseEntity<StreamingResponseBody> {
        val userId = jwt.userId()
        csv.check(userId, filter) // a foreign id is a 400 before the first byte is sent
        return ResponseEntity.ok()
            .contentType(MediaType("text", "csv", Charsets.UTF_8))
            .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"outlay-transactions.csv\"")
            .body(StreamingResponseBody { out -> csv.write(userId, filter, out) })
    }
}

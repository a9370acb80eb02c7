package outlay.documents

import io.swagger.v3.oas.models.Operation
import io.swagger.v3.oas.models.headers.Header
import io.swagger.v3.oas.models.media.Content
import io.swagger.v3.oas.models.media.MediaType
import io.swagger.v3.oas.models.media.ObjectSchema
import io.swagger.v3.oas.models.media.StringSchema
import io.swagger.v3.oas.models.parameters.RequestBody
import io.swagger.v3.oas.models.responses.ApiResponse
import io.swagger.v3.oas.models.responses.ApiResponses
import org.springdoc.core.customizers.OperationCustomizer
import org.springframework.stereotype.Component
import org.springframework.web.method.HandlerMethod
import outlay.platform.problemContent

/**
 * The OpenAPI document says what file endpoints really exchange, from [FileKind], the list the
 * server checks: a download answers the file's own media type (springdoc would say JSON), an
 * upload names the kinds it takes and its 415 for anything else. The kind is recognised from
 * the content, which no schema can state, so a fuzzer's random bytes are a documented 415.
 */
@Component
class FileApiDocs : OperationCustomizer {
    override fun customize(operation: Operation, handlerMethod: HandlerMethod): Operation {
        handlerMethod.getMethodAnnotation(FileDownload::class.java)?.let { download(operation, it.kind) }
        handlerMethod.getMethodAnnotation(FileUpload::class.java)?.let { upload(operation, it.kind) }
        return operation
    }

    private fun download(operation: Operation, kind: FileKind) {
        val body = Content()
        kind.mediaTypes.forEach { body.addMediaType(it, MediaType().schema(StringSchema().format("binary"))) }
        val responses = operation.responses ?: ApiResponses().also { operation.responses = it }
        responses.addApiResponse(
            "200",
            ApiResponse().description("The file (${kind.names}) in its own media type; images inline, anything else as an attachment")
                .content(body)
                .addHeaderObject("ETag", header("The file's SHA-256, for If-None-Match"))
                .addHeaderObject("Content-Disposition", header("inline or attachment, with a safe file name"))
                .addHeaderObject("X-Content-Type-Options", header("nosniff")),
        )
        responses.addApiResponse("304", ApiResponse().description("Not modified: If-None-Match named the file's ETag").addHeaderObject("ETag", header("The file's SHA-256")))
    }

    private fun upload(operation: Operation, kind: FileKind) {
        val accepted = kind.mediaTypes.joinToString()
        // springdoc shares one schema for every MultipartFile part: a new body, so each upload says its own kinds
        val original = operation.requestBody?.content?.get(MULTIPART)?.schema ?: return
        val file = StringSchema().format("binary") // non-empty, as every upload's file part (ApiContract)
            .description("${kind.names} ($accepted), recognised from its first bytes, not from its name or the part's Content-Type")
        val body = ObjectSchema().apply {
            original.properties.orEmpty().forEach { (name, property) -> addProperty(name, property) }
            addProperty("file", file)
            required = original.required
        }
        operation.requestBody = RequestBody().required(true).description(operation.requestBody.description)
            .content(Content().addMediaType(MULTIPART, MediaType().schema(body)))
        val responses = operation.responses ?: ApiResponses().also { operation.responses = it }
        responses.addApiResponse("415", ApiResponse().description("The file's content is not one of: $accepted (or the request is not multipart)").content(problemContent()))
    }

    private fun header(description: String) = Header().description(description).required(true).schema(StringSchema())

    private companion object {
        const val MULTIPART = "multipart/form-data"
    }
}

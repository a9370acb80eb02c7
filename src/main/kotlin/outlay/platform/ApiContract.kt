package outlay.platform

import io.swagger.v3.core.converter.AnnotatedType
import io.swagger.v3.core.converter.ModelConverter
import io.swagger.v3.core.converter.ModelConverterContext
import io.swagger.v3.core.util.Json
import io.swagger.v3.oas.models.Components
import io.swagger.v3.oas.models.OpenAPI
import io.swagger.v3.oas.models.Operation
import io.swagger.v3.oas.models.PathItem
import io.swagger.v3.oas.models.headers.Header
import io.swagger.v3.oas.models.media.ArraySchema
import io.swagger.v3.oas.models.media.Content
import io.swagger.v3.oas.models.media.IntegerSchema
import io.swagger.v3.oas.models.media.MediaType
import io.swagger.v3.oas.models.media.ObjectSchema
import io.swagger.v3.oas.models.media.Schema
import io.swagger.v3.oas.models.media.StringSchema
import io.swagger.v3.oas.models.responses.ApiResponse
import io.swagger.v3.oas.models.responses.ApiResponses
import org.springdoc.core.customizers.OpenApiCustomizer
import org.springdoc.core.customizers.OperationCustomizer
import org.springframework.http.HttpStatus
import org.springframework.stereotype.Component
import org.springframework.web.method.HandlerMethod
import kotlin.reflect.full.primaryConstructor

/** Paths anyone may call without a token; [SecurityConfig] permits them, the OpenAPI document marks them public. */
object PublicPaths {
    val API = listOf("/auth/register", "/auth/login", "/auth/refresh", "/auth/logout", "/.well-known/jwks.json", "/actuator/health", "/actuator/health/**")

    // Asked on every request (the bearer token is not read on these paths): a set and a prefix rather than seven
    // pattern matches, which were 0.3 % of the server's CPU at the lab's knee; the same answers (PublicPathsTest).
    private val exact = API.filterNot { it.endsWith("/**") }.toSet()
    private val trees = API.filter { it.endsWith("/**") }.map { it.removeSuffix("/**") }
    fun isPublic(path: String) = path in exact || trees.any { path.startsWith(it) && (path.length == it.length || path[it.length] == '/') }
}

/**
 * Operations that check the signed-in caller's password: a wrong one is a 403, and they count
 * against the login's rate limits (429 with Retry-After), so none of them is a faster password oracle.
 */
object PasswordCheckedPaths {
    val API = setOf("/me/password", "/me/delete")
}

/**
 * swagger-core reads Kotlin classes through Jackson 2's Kotlin module, which marks every non-null
 * property required, as it is in a response. A constructor parameter with a default is optional
 * in a request, though: the server fills it in.
 */
@Component
class KotlinDefaultsConverter : ModelConverter {
    override fun resolve(type: AnnotatedType, context: ModelConverterContext, chain: MutableIterator<ModelConverter>): Schema<*>? {
        if (!chain.hasNext()) return null
        val schema = chain.next().resolve(type, context, chain) ?: return null
        val cls = Json.mapper().constructType(type.type).rawClass
        if (!cls.isAnnotationPresent(Metadata::class.java)) return schema
        val optional = runCatching { cls.kotlin.primaryConstructor?.parameters.orEmpty().filter { it.isOptional }.mapNotNull { it.name } }
            .getOrDefault(emptyList())
        if (optional.isEmpty()) return schema
        val model = schema.`$ref`?.let { context.definedModels[it.substringAfterLast('/')] } ?: schema
        model.required = model.required?.filterNot { it in optional }?.ifEmpty { null }
        return schema
    }
}

/** The body of every 4xx/5xx answer in the OpenAPI document: the problem document ([ApiContractCustomizer] defines its schema). */
fun problemContent(): Content =
    Content().addMediaType("application/problem+json", MediaType().schema(Schema<Any>().`$ref`("#/components/schemas/Problem")))

/** A string parameter documented as `format = CurrencyCode.FORMAT` is published as the enum of ISO 4217 codes the server accepts. */
object CurrencyCode {
    const val FORMAT = "iso4217"
}

/** Stable, readable operation ids for generated clients: `draftGet`, `transactionSave`, not `get_1`. */
@Component
class OperationIds : OperationCustomizer {
    override fun customize(operation: Operation, handlerMethod: HandlerMethod): Operation = operation.operationId(
        handlerMethod.beanType.simpleName.removeSuffix("Controller").replaceFirstChar { it.lowercase() } +
            handlerMethod.method.name.replaceFirstChar { it.uppercase() },
    )
}

/**
 * Makes `/v3/api-docs` say what the server does, centrally rather than on each method: every
 * operation lists the problem statuses it can answer (derived from its shape: a path id can be
 * 404, a body can be 413/415, a write can be 409 …), public operations carry no security
 * requirement, and every string obeys the text domain with anchored patterns ([InputDomains]).
 */
@Component
class ApiContractCustomizer : OpenApiCustomizer {
    override fun customise(openApi: OpenAPI) {
        val components = openApi.components ?: Components().also { openApi.components = it }
        components.addSchemas("FieldError", ObjectSchema().addProperty("field", StringSchema()).addProperty("message", StringSchema()).required(listOf("field", "message")))
        components.addSchemas(PROBLEM, problemSchema())
        openApi.path("/actuator/health", health())
        openApi.paths.orEmpty().forEach { (path, item) -> item.readOperationsMap().forEach { (method, op) -> document(path, method, op) } }
        // Request bodies: exactly the documented fields (unknown ones are refused), strings in the text domain.
        requestSchemas(openApi).forEach { name ->
            val schema = components.schemas[name] ?: return@forEach
            schema.additionalProperties = false
            schema.properties.orEmpty().forEach { (field, p) -> tighten(name, field, p) }
        }
    }

    /** Names of the component schemas a request body can contain, nested ones included. */
    private fun requestSchemas(openApi: OpenAPI): Set<String> {
        val found = mutableSetOf<String>()
        fun visit(schema: Schema<*>?) {
            if (schema == null) return
            schema.`$ref`?.substringAfterLast('/')?.let { name ->
                if (found.add(name)) visit(openApi.components.schemas[name])
                return
            }
            visit(schema.items)
            schema.properties.orEmpty().values.forEach(::visit)
            schema.anyOf.orEmpty().forEach(::visit) // an optional body is `anyOf: [body, null]` by now
        }
        openApi.paths.orEmpty().values.flatMap { it.readOperations() }.forEach { op ->
            op.requestBody?.content.orEmpty().values.forEach { visit(it.schema) }
        }
        return found
    }

    private fun document(path: String, method: PathItem.HttpMethod, op: Operation) {
        val public = PublicPaths.isPublic(path)
        if (public) op.security = emptyList()
        op.parameters.orEmpty().forEach {
            if (it.name == "cursor" && it.`in` == "query") it.schema?.pattern = Cursor.PATTERN
            if (it.name.equals(IDEMPOTENCY_KEY, ignoreCase = true) && it.`in` == "header") it.schema?.pattern = InputDomains.IDEMPOTENCY_KEY_PATTERN
            it.schema?.let { s -> tighten("", it.name, s) }
            // Spring MVC reads `?from=` on an optional parameter as absent; say so. Not for text with a
            // minimum length: an optional String reads `?text=` as "", which its domain refuses.
            if (it.`in` == "query" && it.required != true && (it.schema?.minLength ?: 0) < 1) it.allowEmptyValue = true
        }
        // Spring reads a JSON `null` body like no body when the body is optional; the schema says so.
        if (op.requestBody != null && op.requestBody.required != true) {
            op.requestBody.content?.get("application/json")?.let { media ->
                media.schema = Schema<Any>().anyOf(listOf(media.schema, Schema<Any>().also { it.types = setOf("null") }))
            }
        }
        val write = method in setOf(PathItem.HttpMethod.POST, PathItem.HttpMethod.PUT, PathItem.HttpMethod.DELETE, PathItem.HttpMethod.PATCH)
        val statuses = sortedSetOf(400, 503) // any request can be malformed; any can meet an unavailable database
        if (!public || path == "/auth/login" || path == "/auth/refresh") statuses += 401
        val passwordChecked = path in PasswordCheckedPaths.API
        if (passwordChecked) statuses += 403
        if (op.parameters.orEmpty().any { it.`in` == "path" } || path.startsWith("/transactions/draft") || (path == "/transactions" && write)) statuses += 404
        if ((write && !public) || path == "/auth/register") statuses += 409
        if (op.requestBody != null) statuses += listOf(413, 415)
        if (op.requestBody?.content?.containsKey("multipart/form-data") == true) {
            op.requestBody.required = true // the file part is required
            // no upload takes an empty file: each answers 400 naming the file
            op.requestBody.content["multipart/form-data"]?.schema?.properties.orEmpty().values
                .filter { it.format == "binary" }.forEach { it.minLength = 1 }
            statuses += 507
        }
        if (op.parameters.orEmpty().any { it.`in` == "header" && it.name.equals(IDEMPOTENCY_KEY, ignoreCase = true) }) statuses += 422
        if (path == "/auth/login" || path == "/auth/register" || passwordChecked) statuses += 429 // LoginRateLimiter
        val responses = op.responses ?: ApiResponses().also { op.responses = it }
        responses["204"]?.content = null // no body, whatever the method's return type
        statuses.forEach { status -> responses.putIfAbsent(status.toString(), problemResponse(status)) }
        // A problem status an operation declares itself (e.g. a lookup's 404) carries the problem document too,
        // not the method's return type that springdoc gives every declared response.
        responses.forEach { (code, response) ->
            if (code.startsWith("4") && response.content?.containsKey("application/problem+json") != true) response.content = problemResponse(code.toInt()).content
        }
    }

    /** Strings: dates in the date domain, anchored patterns (JSON Schema patterns search; Bean Validation's match whole), the text domain, currencies, time zones. */
    private fun tighten(schemaName: String, field: String, property: Schema<*>) {
        val target = if (property.isType("array")) property.items ?: return else property
        if (target.isType("string") && target.format == "date") target.pattern = InputDomains.DATE_PATTERN
        when (target.format) {
            CurrencyCode.FORMAT -> return choices(target, Money.CODES.sorted())
            TimeZones.FORMAT -> return choices(target, TimeZones.IDS.sorted())
        }
        if (!target.isType("string") || target.format != null || !target.enum.isNullOrEmpty()) return
        if (field == "currency" && schemaName.endsWith("Request")) {
            @Suppress("UNCHECKED_CAST")
            (target as Schema<Any>).enum = Money.CODES.sorted()
            return
        }
        target.pattern = target.pattern?.let { if (it.startsWith("^")) it else "^(?:$it)$" } ?: InputDomains.TEXT_PATTERN
    }

    private fun Schema<*>.isType(name: String) = type == name || types?.contains(name) == true

    /** The values the server accepts, and null where the property may be null (an enum leaves out what it does not list). */
    private fun choices(target: Schema<*>, values: List<String>) {
        target.format = null
        val orNull: List<String?> = if (target.isType("null")) listOf(null) else emptyList()
        @Suppress("UNCHECKED_CAST")
        (target as Schema<Any?>).enum = values + orNull
    }

    private fun problemResponse(status: Int) = ApiResponse()
        .description(HttpStatus.resolve(status)?.reasonPhrase ?: "Error")
        .content(problemContent())
        .also { if (status == 429) it.addHeaderObject("Retry-After", retryAfter()) }

    /** Every 429 says when to try again (ProblemHandler, from the limiter's refill time). */
    private fun retryAfter() = Header().description("Seconds until an attempt is allowed again").required(true).schema(IntegerSchema().minimum(java.math.BigDecimal.ONE))

    private fun problemSchema(): Schema<*> = ObjectSchema()
        .description("RFC 9457 problem document; `type` is stable (docs/problems.md)")
        .addProperty("type", StringSchema())
        .addProperty("title", StringSchema())
        .addProperty("status", IntegerSchema())
        .addProperty("detail", StringSchema())
        .addProperty("instance", StringSchema())
        .addProperty("errors", ArraySchema().items(Schema<Any>().`$ref`("#/components/schemas/FieldError")))
        .required(listOf("type", "title", "status"))

    /** Spring Boot's health endpoint is not a controller springdoc sees; it is public and shows the status to all. */
    private fun health() = PathItem().get(
        Operation().operationId("health").summary("Health: the status to everyone, components to operators on the host")
            .addTagsItem("operations").security(emptyList())
            .responses(
                ApiResponses()
                    .addApiResponse("200", ApiResponse().description("Up").content(healthContent()))
                    .addApiResponse("503", ApiResponse().description("Down").content(healthContent())),
            ),
    )

    private fun healthContent(): Content {
        val schema = ObjectSchema().addProperty("status", StringSchema()._enum(listOf("UP", "DOWN", "OUT_OF_SERVICE", "UNKNOWN"))).required(listOf("status"))
        return Content().addMediaType("application/vnd.spring-boot.actuator.v3+json", MediaType().schema(schema))
            .addMediaType("application/json", MediaType().schema(schema))
    }

    private companion object {
        const val PROBLEM = "Problem"
        const val IDEMPOTENCY_KEY = "Idempotency-Key"
    }
}

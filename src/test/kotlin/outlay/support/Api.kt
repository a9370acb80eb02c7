package outlay.support

import tools.jackson.databind.JsonNode
import tools.jackson.databind.json.JsonMapper
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpRequest.BodyPublisher
import java.net.http.HttpRequest.BodyPublishers
import java.net.http.HttpResponse
import java.util.UUID

/** A plain HTTP client for the real server: tests see exactly what a client would. */
class Api(val baseUrl: String) {
    private val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

    data class Response(val status: Int, val headers: Map<String, List<String>>, val body: String) {
        val json: JsonNode by lazy { mapper.readTree(body) }
        fun header(name: String): String? = headers.entries.firstOrNull { it.key.equals(name, ignoreCase = true) }?.value?.firstOrNull()
        fun text(field: String): String = json.path(field).asString()
        /** Fields named in a validation problem's `errors`. */
        val errorFields: List<String> get() = json.path("errors").values().map { it.path("field").asString() }
        override fun toString() = "$status $body"
    }

    data class Session(val email: String, val password: String, val accessToken: String, val refreshToken: String)

    fun get(path: String, token: String? = null) = send("GET", path, BodyPublishers.noBody(), token)

    fun post(path: String, body: Any?, token: String? = null) =
        send("POST", path, BodyPublishers.ofString(json(body)), token, "application/json")

    fun send(
        method: String, path: String, body: BodyPublisher, token: String? = null,
        contentType: String? = null, headers: Map<String, String> = emptyMap(),
    ): Response {
        val request = HttpRequest.newBuilder(URI.create(baseUrl + path)).method(method, body).apply {
            token?.let { header("Authorization", "Bearer $it") }
            contentType?.let { header("Content-Type", it) }
            headers.forEach { (k, v) -> header(k, v) }
        }.build()
        val response = client.send(request, HttpResponse.BodyHandlers.ofString())
        return Response(response.statusCode(), response.headers().map(), response.body())
    }

    /** A GET whose body is kept as bytes (archives, files). */
    fun bytes(path: String, token: String?): ByteArray {
        val request = HttpRequest.newBuilder(URI.create(baseUrl + path)).GET().apply { token?.let { header("Authorization", "Bearer $it") } }.build()
        val response = client.send(request, HttpResponse.BodyHandlers.ofByteArray())
        check(response.statusCode() == 200) { "GET $path: ${response.statusCode()}" }
        return response.body()
    }

    fun put(path: String, body: Any?, token: String? = null) =
        send("PUT", path, BodyPublishers.ofString(json(body)), token, "application/json")

    fun delete(path: String, token: String? = null) = send("DELETE", path, BodyPublishers.noBody(), token)

    /** A multipart/form-data upload: one file part named `file`, plus text fields. */
    fun upload(path: String, token: String?, bytes: ByteArray, filename: String = "upload.bin", fields: Map<String, String> = emptyMap()): Response {
        val boundary = "outlay-" + UUID.randomUUID()
        val out = java.io.ByteArrayOutputStream()
        fun line(text: String) = out.write((text + "\r\n").toByteArray())
        fields.forEach { (name, value) ->
            line("--$boundary"); line("Content-Disposition: form-data; name=\"$name\""); line(""); line(value)
        }
        line("--$boundary")
        line("Content-Disposition: form-data; name=\"file\"; filename=\"$filename\"")
        line("Content-Type: application/octet-stream")
        line("")
        out.write(bytes)
        line("")
        line("--$boundary--")
        return send("POST", path, BodyPublishers.ofByteArray(out.toByteArray()), token, "multipart/form-data; boundary=$boundary")
    }

    fun register(email: String, password: String = PASSWORD, displayName: String = "Test User") =
        post("/auth/register", mapOf("email" to email, "password" to password, "displayName" to displayName))

    fun login(email: String, password: String = PASSWORD) =
        post("/auth/login", mapOf("email" to email, "password" to password))

    /** Registers a fresh user and logs in. */
    fun newSession(password: String = PASSWORD): Session {
        val email = uniqueEmail()
        check(register(email, password).status == 201)
        val login = login(email, password)
        check(login.status == 200) { "login failed: $login" }
        return Session(email, password, login.text("accessToken"), login.text("refreshToken"))
    }

    companion object {
        const val PASSWORD = "correct horse battery"
        val mapper: JsonMapper = JsonMapper.builder().build()
        fun json(body: Any?): String = if (body is String) body else mapper.writeValueAsString(body)
        fun uniqueEmail() = "user-${UUID.randomUUID()}@example.com"
    }
}

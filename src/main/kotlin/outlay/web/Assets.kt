package outlay.web

import org.springframework.util.DigestUtils
import org.webjars.WebJarVersionLocator

/**
 * URLs of the app's static files. Each carries a version in its path — a digest of the files'
 * contents, and the WebJar's version for htmx — so browsers may cache them for a year and still
 * see a change on the next deploy.
 */
object Assets {
    private val FILES = listOf("app.css", "app.js", "icons.svg", "favicon.svg")

    /** Digest of every file under /assets: changes whenever one of them does. */
    val version: String = DigestUtils.md5DigestAsHex(
        FILES.joinToString("") { name ->
            val stream = Assets::class.java.getResourceAsStream("/static/assets/$name") ?: error("missing asset $name")
            DigestUtils.md5DigestAsHex(stream.use { it.readAllBytes() })
        }.toByteArray(),
    ).take(12)

    val css = url("app.css")
    val js = url("app.js")
    val sprite = url("icons.svg")
    val htmx = "/webjars/htmx.org/${WebJarVersionLocator().version("htmx.org") ?: error("htmx WebJar missing")}/dist/htmx.min.js"

    fun url(name: String) = "/assets/$version/$name"
}

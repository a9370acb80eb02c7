package outlay.lab

import com.fasterxml.jackson.core.JsonFactory
import com.fasterxml.jackson.core.JsonParser
import com.fasterxml.jackson.core.JsonToken

/**
 * What a check reads of a large answer (the list's page of 50, the statistics' items), in one pass of Jackson's
 * streaming parser that skips every value it is not asked for. Gatling's `jsonPath` builds the whole answer as a
 * tree first: building those trees was 45 % of the load generator's CPU (the list's answer is 80 kB), and the
 * generator shares the lab's two cores with the server (docs/performance.md, 2026-12-05).
 *
 * [count] is the number of elements of the top-level object's array; [values] gives the text of each element's value
 * at an asked path (dotted: `category.name`; null where the element has none, or it is JSON null); [scalars] holds the
 * top-level scalar fields asked for (null where absent or JSON null).
 */
class JsonFacts private constructor(val count: Int, private val byPath: Map<String, List<String?>>, val scalars: Map<String, String?>) {
    /** The value at [path] in each element, in order. */
    fun values(path: String): List<String?> = byPath.getValue(path)

    companion object {
        private val factory = JsonFactory()

        fun read(body: ByteArray, array: String, paths: Set<String>, scalars: Set<String>): JsonFacts {
            val found = paths.associateWith { mutableListOf<String?>() }
            // the objects an asked path goes through ("category" for "category.name"): only those are entered
            val parents = paths.flatMap { path -> path.indices.filter { path[it] == '.' }.map { path.substring(0, it) } }.toSet()
            val top = HashMap<String, String?>()
            var count = 0
            factory.createParser(body).use { p ->
                check(p.nextToken() == JsonToken.START_OBJECT) { "the answer is not a JSON object" }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    val name = p.currentName()
                    val token = p.nextToken()
                    when {
                        name == array && token == JsonToken.START_ARRAY -> while (p.nextToken() != JsonToken.END_ARRAY) {
                            count++
                            val element = HashMap<String, String?>()
                            if (p.currentToken() == JsonToken.START_OBJECT) readObject(p, "", paths, parents, element) else p.skipChildren()
                            found.forEach { (path, list) -> list += element[path] }
                        }
                        name in scalars -> {
                            top[name] = scalar(p, token)
                            p.skipChildren()
                        }
                        else -> p.skipChildren()
                    }
                }
            }
            return JsonFacts(count, found, top)
        }

        /** The asked paths' scalar values of the object the parser is at (its START_OBJECT), under [prefix]. */
        private fun readObject(p: JsonParser, prefix: String, paths: Set<String>, parents: Set<String>, into: MutableMap<String, String?>) {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                val path = prefix + p.currentName()
                val token = p.nextToken()
                when {
                    path in paths && token.isScalarValue -> into[path] = scalar(p, token)
                    token == JsonToken.START_OBJECT && path in parents -> readObject(p, "$path.", paths, parents, into)
                    else -> p.skipChildren()
                }
            }
        }

        /** The text of the value at [token], null for JSON null or a structure. */
        private fun scalar(p: JsonParser, token: JsonToken): String? = if (token.isScalarValue && token != JsonToken.VALUE_NULL) p.text else null
    }
}

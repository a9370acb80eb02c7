package outlay.auth

import org.junit.jupiter.api.Test
import outlay.platform.InputDomains
import outlay.support.Api
import outlay.support.ApiTest
import java.util.UUID
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

class RegistrationTest : ApiTest() {

    @Test
    fun `registers a user, trims the display name and keeps the email as typed`() {
        val email = "Mixed.Case-" + Api.uniqueEmail()
        val response = api.register(email, displayName = "  Ann Example  ")
        assertEquals(201, response.status, response.body)
        assertEquals(email, response.text("email"))
        assertEquals("Ann Example", response.text("displayName"))
        assertEquals("/me", response.header("Location"))
        assertTrue(response.text("id").isNotBlank())
    }

    @Test
    fun `emails are unique regardless of case`() {
        val email = Api.uniqueEmail()
        assertEquals(201, api.register(email).status)
        val again = api.register(email.uppercase())
        assertEquals(409, again.status)
        assertEquals("/problems/email-taken", again.text("type"))
        // the first account is untouched: its password still works, the second one's does not exist
        assertEquals(200, api.login(email).status)
    }

    @Test
    fun `the server accepts exactly the passwords the OpenAPI document allows`() {
        val schemas = api.get("/v3/api-docs").json.path("components").path("schemas")
        val documented = schemas.path("RegisterRequest").path("properties").path("password")
        assertEquals(InputDomains.PASSWORD_PATTERN, documented.path("pattern").asString())
        assertEquals(8, documented.path("minLength").asInt())
        assertEquals(128, documented.path("maxLength").asInt())
        assertEquals(documented, schemas.path("ChangePasswordRequest").path("properties").path("newPassword"), "one rule for new passwords")
        // Java's character classes, like JSON Schema's (ECMA-262 with `u`, Python, Rust), take a code point beyond the BMP as one character.
        val rule = Regex(documented.path("pattern").asString())
        val emoji = "\uD83D\uDE00" // one code point, two UTF-16 units
        val accepted = listOf(
            "12345678", "p".repeat(128), emoji.repeat(8), emoji.repeat(128), "inner spaces are fine", "tab\tand\nline inside",
            "\u00A0no-break space at the ends\u00A0", "ünïcödé-pässwörd", "x" + " ".repeat(6) + "y",
        )
        val refused = listOf(
            "1234567", "p".repeat(129), emoji.repeat(4), emoji.repeat(7), emoji.repeat(129), " ".repeat(8), " leading space", "trailing space ",
            "\tleading tab", "trailing newline\n", "\u3000ideographic space", "line separator\u2028", "nul \u0000 inside", "del \u007F inside",
            "next line \u0085 inside", "escape \u001B inside",
        )
        for (password in accepted + refused) {
            val email = Api.uniqueEmail()
            val answer = api.register(email, password = password)
            val shown = password.codePoints().toArray().joinToString(" ") { "U+%04X".format(it) }
            if (password in accepted) {
                assertTrue(rule.matches(password), "the document allows $shown")
                assertEquals(201, answer.status, "$shown: $answer")
                assertEquals(200, api.login(email, password).status, "$shown signs in")
            } else {
                assertFalse(rule.matches(password), "the document forbids $shown")
                assertField(answer, "password")
            }
        }
        // Not Unicode at all (a lone surrogate): refused by the text domain before the pattern.
        assertField(api.post("/auth/register", """{"email":"${Api.uniqueEmail()}","password":"\ud800abcdefgh","displayName":"Ann"}"""), "password")
    }

    @Test
    fun `passwords longer than 72 bytes are compared in full`() {
        // BCrypt alone ignores everything after byte 72; these two differ only at the end.
        val email = Api.uniqueEmail()
        val password = "a".repeat(100) + "1"
        assertEquals(201, api.register(email, password = password).status)
        assertEquals(401, api.login(email, "a".repeat(100) + "2").status)
        assertEquals(200, api.login(email, password).status)
    }

    @Test
    fun `display name must have 1 to 100 characters, trimmed`() {
        assertField(api.register(Api.uniqueEmail(), displayName = "   "), "displayName")
        assertField(api.register(Api.uniqueEmail(), displayName = "n".repeat(101)), "displayName")
        val padded = api.register(Api.uniqueEmail(), displayName = " " + "n".repeat(98) + " ")
        assertEquals(201, padded.status)
        assertEquals("n".repeat(98), padded.text("displayName"))
    }

    @Test
    fun `malformed emails and missing fields are field errors`() {
        assertField(api.register("not-an-email"), "email")
        assertField(api.post("/auth/register", mapOf("email" to Api.uniqueEmail(), "password" to Api.PASSWORD)), "displayName")
        assertField(api.post("/auth/register", """{"email":"${Api.uniqueEmail()}","password":12345678901,"displayName":"Ann"}"""), "password")
        assertField(api.post("/auth/register", """{"email":"${Api.uniqueEmail()}","password":"correct horse","displayName":["x"]}"""), "displayName")
    }

    @Test
    fun `the server accepts exactly the emails the OpenAPI document's pattern accepts`() {
        val email = api.get("/v3/api-docs").json.path("components").path("schemas").path("RegisterRequest").path("properties").path("email")
        val published = email.path("pattern").asString()
        assertEquals(InputDomains.EMAIL_PATTERN, published)
        assertTrue(email.path("format").isMissingNode, "no looser `format: email` beside the rule: $email")
        val rule = Regex(published)
        val unique = UUID.randomUUID().toString().take(8)
        val samples = listOf(
            "0@0.com*", "a@b.c*", "ann@exam_ple.com", "ann@-example.com", "ann@example-.com", "ann@example..com", "ann@.example.com",
            "ann example@example.com", "ann@example.com ", "@example.com", "ann@", "ann@@example.com", "anna@exämple.de", "\"ann\"@example.com",
            "$unique.ok@example.com", "$unique+tag@sub.example.co", "${unique}_x@localhost", "$unique!#%&'*/=?^`{|}~-@a-b.c0", "$unique.@example.com",
        )
        for (sample in samples) {
            val answer = api.register(sample)
            if (rule.matches(sample)) {
                assertEquals(201, answer.status, "$sample matches the documented pattern: $answer")
            } else {
                assertField(answer, "email")
                assertEquals(InputDomains.EMAIL, answer.json.path("errors").single { it.path("field").asString() == "email" }.path("message").asString())
            }
        }
        assertEquals(5, samples.count(rule::matches), "the samples try both sides of the rule")
    }

    private fun assertField(response: Api.Response, field: String) {
        assertEquals(400, response.status, response.body)
        assertEquals("application/problem+json", response.header("Content-Type"))
        assertEquals("/problems/validation", response.text("type"))
        val fields = response.errorFields
        assertTrue(field in fields, "expected a field error on $field, got $fields")
    }
}

package outlay.auth

import com.nimbusds.jose.JWSAlgorithm
import com.nimbusds.jose.JWSHeader
import com.nimbusds.jose.crypto.MACSigner
import com.nimbusds.jose.crypto.RSASSASigner
import com.nimbusds.jose.crypto.RSASSAVerifier
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator
import com.nimbusds.jwt.JWTClaimsSet
import com.nimbusds.jwt.SignedJWT
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import outlay.support.ApiTest
import java.time.Instant
import java.util.Base64
import java.util.Date
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Every way an access token can be wrong ends in the same 401 problem, never in a 500 or a pass. */
class TokenRejectionTest : ApiTest() {
    @Autowired
    lateinit var keys: SigningKeys

    @Autowired
    lateinit var props: AuthProperties

    private val b64 = Base64.getUrlEncoder().withoutPadding()

    @Test
    fun `no token asks for authentication`() {
        val response = api.get("/me")
        assertEquals(401, response.status)
        assertEquals("/problems/authentication-required", response.text("type"))
        assertEquals("application/problem+json", response.header("Content-Type"))
        assertEquals("Bearer", response.header("WWW-Authenticate"))
    }

    @Test
    fun `garbage is rejected`() = assertRejected("not-a-jwt")

    @Test
    fun `a tampered payload is rejected`() {
        val (header, _, signature) = api.newSession().accessToken.split('.')
        val otherUser = api.newSession().accessToken.split('.')[1]
        assertRejected("$header.$otherUser.$signature")
    }

    @Test
    fun `a tampered signature is rejected`() {
        val token = api.newSession().accessToken
        val signature = token.substringAfterLast('.')
        val flipped = (if (signature[5] == 'A') 'B' else 'A') + ""
        assertRejected(token.substringBeforeLast('.') + "." + signature.replaceRange(5, 6, flipped))
    }

    @Test
    fun `alg none is rejected`() {
        val payload = api.newSession().accessToken.split('.')[1]
        val header = b64.encodeToString("""{"alg":"none","typ":"JWT"}""".toByteArray())
        assertRejected("$header.$payload.")
    }

    @Test
    fun `an HMAC token keyed with the public key is rejected`() {
        val secret = keys.publicSet.toString().toByteArray().copyOf(64)
        assertRejected(sign(MACSigner(secret), JWSAlgorithm.HS256, validClaims()))
    }

    @Test
    fun `a token signed by another key under our kid is rejected`() {
        val foreign = RSAKeyGenerator(2048).generate()
        assertRejected(sign(RSASSASigner(foreign), JWSAlgorithm.RS256, validClaims()))
    }

    @Test
    fun `a token from another issuer is rejected, even with our key`() {
        val claims = JWTClaimsSet.Builder(validClaims()).issuer("someone-else").build()
        assertRejected(sign(RSASSASigner(keys.signing), JWSAlgorithm.RS256, claims))
    }

    @Test
    fun `our own key and claims pass, so the cases above fail for the stated reason`() {
        val response = api.get("/me", sign(RSASSASigner(keys.signing), JWSAlgorithm.RS256, validClaims()))
        assertEquals(200, response.status, response.body)
    }

    @Test
    fun `an issued token names our key and carries the session, the user and its lifetime`() {
        val session = api.newSession()
        val jwt = SignedJWT.parse(session.accessToken)
        assertEquals(JWSAlgorithm.RS256, jwt.header.algorithm)
        assertEquals(keys.signing.keyID, jwt.header.keyID)
        assertEquals("JWT", jwt.header.type.type)
        assertTrue(jwt.verify(RSASSAVerifier(keys.signing.toRSAPublicKey())))
        val claims = jwt.jwtClaimsSet
        assertEquals("outlay", claims.issuer)
        assertEquals(api.get("/me", session.accessToken).text("id"), claims.subject)
        assertTrue(claims.getStringClaim("sid").isNotBlank())
        assertTrue(claims.jwtid.isNotBlank())
        assertEquals(props.accessTokenTtl.toMillis(), claims.expirationTime.time - claims.issueTime.time)
        // `iss` is a plain string in the payload, not a URL
        assertTrue(String(Base64.getUrlDecoder().decode(session.accessToken.split('.')[1])).contains("\"iss\":\"outlay\""))
    }

    private fun validClaims(): JWTClaimsSet {
        val session = api.newSession()
        val me = api.get("/me", session.accessToken)
        val now = Instant.now()
        // the session the token belongs to: an access token without a live session is refused
        val sid = SignedJWT.parse(session.accessToken).jwtClaimsSet.getStringClaim("sid")
        return JWTClaimsSet.Builder().issuer("outlay").subject(me.text("id")).claim("sid", sid)
            .issueTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(300))).build()
    }

    private fun sign(signer: com.nimbusds.jose.JWSSigner, alg: JWSAlgorithm, claims: JWTClaimsSet): String =
        SignedJWT(JWSHeader.Builder(alg).keyID(keys.signing.keyID).build(), claims).apply { sign(signer) }.serialize()

    private fun assertRejected(token: String) {
        val response = api.get("/me", token)
        assertEquals(401, response.status, response.body)
        assertEquals("/problems/invalid-token", response.text("type"))
        assertTrue(response.header("WWW-Authenticate")!!.contains("invalid_token"))
    }
}

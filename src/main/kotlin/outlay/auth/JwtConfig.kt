package outlay.auth

import com.nimbusds.jose.JOSEObjectType
import com.nimbusds.jose.JWSAlgorithm
import com.nimbusds.jose.JWSHeader
import com.nimbusds.jose.JWSSigner
import com.nimbusds.jose.crypto.RSASSASigner
import com.nimbusds.jose.jwk.JWK
import com.nimbusds.jose.jwk.JWKSet
import com.nimbusds.jose.jwk.RSAKey
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator
import com.nimbusds.jose.jwk.source.JWKSource
import com.nimbusds.jose.proc.SecurityContext
import org.slf4j.LoggerFactory
import org.springframework.boot.context.event.ApplicationReadyEvent
import org.springframework.context.ApplicationListener
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.core.convert.converter.Converter
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator
import org.springframework.security.oauth2.core.OAuth2TokenValidatorResult
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm
import org.springframework.security.oauth2.jwt.JwtClaimNames
import org.springframework.security.oauth2.jwt.JwtDecoder
import org.springframework.security.oauth2.jwt.JwtIssuerValidator
import org.springframework.security.oauth2.jwt.JwtTimestampValidator
import org.springframework.security.oauth2.jwt.MappedJwtClaimSetConverter
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder
import java.time.Clock
import java.time.Duration
import java.util.concurrent.CompletableFuture
import kotlin.system.exitProcess

/**
 * The key that signs access tokens, and every stored key a token may be verified with. On a first
 * start there are none yet: [make] makes them once the server is ready ([JwtConfig.signingKeys]), and
 * reading them waits for that, so a sign-in in the first second of a new installation waits for its key.
 */
class SigningKeys private constructor(private val stored: CompletableFuture<List<JWK>>, private val make: (() -> List<JWK>)?) :
    ApplicationListener<ApplicationReadyEvent> {
    constructor(verifying: List<JWK>) : this(CompletableFuture.completedFuture(verifying), null)
    constructor(make: () -> List<JWK>) : this(CompletableFuture(), make)

    // Lazy: made when first read, which on a first start waits for the generation. Once made, a read is one volatile load.
    val signing: RSAKey by lazy { stored.join().first().toRSAKey() }
    val publicSet: JWKSet by lazy { JWKSet(stored.join().map { it.toPublicJWK() }) }

    /** The signer and header of every token, made once: the signer holds the decoded private key. */
    val signer: JWSSigner by lazy { RSASSASigner(signing) }
    val header: JWSHeader by lazy { JWSHeader.Builder(JWSAlgorithm.RS256).keyID(signing.keyID).type(JOSEObjectType.JWT).build() }

    override fun onApplicationEvent(event: ApplicationReadyEvent) {
        val make = make ?: return
        if (stored.isDone) return
        Thread.ofPlatform().name("signing-key").daemon().start {
            runCatching(make).fold(stored::complete) { failure ->
                // without a key no one can sign in: as when a start fails, the process ends for its supervisor to
                // start it again (a database that failed here fails the next start's migrations until it is back)
                LoggerFactory.getLogger(javaClass).error("Could not make the access-token signing key; stopping", failure)
                stored.completeExceptionally(failure)
                exitProcess(1)
            }
        }
    }
}

/**
 * RS256 access tokens. The key pair is generated on first start and stored in the database,
 * so tokens survive restarts and every instance of the server agrees on it.
 *
 * Why RSA and not ECDSA: every authenticated request verifies a signature, a login signs one.
 * RS256 verifies in ~38 us against ~390 us for ES256 and signs in ~1 ms against ~0.13 ms
 * (bench/jmh, JwtBenchmark); next to a 65 ms BCrypt check the signing cost is noise.
 */
@Configuration
class JwtConfig {
    private val log = LoggerFactory.getLogger(javaClass)

    @Bean
    fun signingKeys(repository: SigningKeyRepository, clock: Clock): SigningKeys {
        val stored = repository.findAll()
        if (stored.isNotEmpty()) return SigningKeys(stored.map { JWK.parse(it.jwk) })
        // First start: a 2048-bit RSA key pair, made by a cold JVM's BigInteger code, took 1.4 s of CPU beside the
        // start's 2.4 on two cores (docs/performance.md). Made once the server is ready, it no longer delays that.
        return SigningKeys { generate(repository, clock) }
    }

    private fun generate(repository: SigningKeyRepository, clock: Clock): List<JWK> {
        val key = RSAKeyGenerator(2048).keyIDFromThumbprint(true).generate()
        runCatching {
            repository.insert(SigningKeyRow(key.keyID, "RS256", key.toJSONString(), clock.instant()))
        }.onFailure { log.info("Another instance stored a signing key first; using it") }
        log.info("Generated access-token signing key {}", key.keyID)
        // Re-read: when two instances start together, both settle on the oldest stored key.
        return repository.findAll().map { JWK.parse(it.jwk) }
    }

    @Bean
    fun jwtDecoder(keys: SigningKeys, props: AuthProperties, clock: Clock, sessions: SessionRevocations): JwtDecoder {
        // Only RS256 with our own keys: `alg: none`, HMAC confusion and foreign keys all fail here.
        val verify = NimbusJwtDecoder.withJwkSource(JWKSource<SecurityContext> { selector, _ -> selector.select(keys.publicSet) })
            .jwsAlgorithm(SignatureAlgorithm.RS256)
            .build()
            .apply {
                // The default claim mapping tries to turn `iss` into a URL; ours ("outlay") is not
                // one, so every request threw and caught an IllegalArgumentException (1.5 % of
                // the server's CPU in the lab's profile). Keep it a string.
                setClaimSetConverter(MappedJwtClaimSetConverter.withDefaults(mapOf(JwtClaimNames.ISS to Converter<Any, Any?> { it.toString() })))
                // Signature and parsing only: the claims are checked on every request by VerifiedTokens.
                setJwtValidator { OAuth2TokenValidatorResult.success() }
            }
        return VerifiedTokens(
            verify,
            DelegatingOAuth2TokenValidator(
                JwtTimestampValidator(Duration.ofSeconds(30)).apply { setClock(clock) },
                JwtIssuerValidator(props.issuer),
                sessions, // last: only a well-signed, current token costs a session lookup
            ),
        )
    }
}

package outlay.bench;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import org.openjdk.jmh.annotations.*;

import java.util.Date;
import java.util.concurrent.TimeUnit;

/** Cost of signing (once per login/refresh) and verifying (once per request) an access token. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class JwtBenchmark {
    private ECKey ec;
    private RSAKey rsa;
    private JWTClaimsSet claims;
    private String es256Token;
    private String rs256Token;
    private ECDSAVerifier ecVerifier;
    private RSASSAVerifier rsaVerifier;

    @Setup
    public void setUp() throws Exception {
        ec = new ECKeyGenerator(Curve.P_256).keyID("ec").generate();
        rsa = new RSAKeyGenerator(2048).keyID("rsa").generate();
        claims = new JWTClaimsSet.Builder().issuer("outlay").subject("01a1fc87-dd64-7cea-b6fe-4792963fdf1f")
            .issueTime(new Date()).expirationTime(new Date(System.currentTimeMillis() + 900_000)).build();
        es256Token = es256Sign();
        rs256Token = rs256Sign();
        ecVerifier = new ECDSAVerifier(ec.toECPublicKey());
        rsaVerifier = new RSASSAVerifier(rsa.toRSAPublicKey());
    }

    @Benchmark
    public String es256Sign() throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID("ec").build(), claims);
        jwt.sign(new ECDSASigner(ec));
        return jwt.serialize();
    }

    @Benchmark
    public String rs256Sign() throws Exception {
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("rsa").build(), claims);
        jwt.sign(new RSASSASigner(rsa));
        return jwt.serialize();
    }

    @Benchmark
    public boolean es256Verify() throws Exception {
        return SignedJWT.parse(es256Token).verify(ecVerifier);
    }

    @Benchmark
    public boolean rs256Verify() throws Exception {
        return SignedJWT.parse(rs256Token).verify(rsaVerifier);
    }
}

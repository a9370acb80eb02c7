package outlay.auth

import org.jooq.DSLContext
import org.springframework.stereotype.Repository
import outlay.db.tables.references.SIGNING_KEY
import java.time.Instant
import java.time.ZoneOffset

data class SigningKeyRow(val kid: String, val algorithm: String, val jwk: String, val createdAt: Instant)

@Repository
class SigningKeyRepository(private val db: DSLContext) {

    /** Oldest first: the first key ever stored is the one that signs. */
    fun findAll(): List<SigningKeyRow> =
        db.selectFrom(SIGNING_KEY).orderBy(SIGNING_KEY.CREATED_AT, SIGNING_KEY.KID)
            .fetch { SigningKeyRow(it.kid, it.algorithm, it.jwk, it.createdAt.toInstant()) }

    fun insert(row: SigningKeyRow) {
        db.insertInto(SIGNING_KEY)
            .set(SIGNING_KEY.KID, row.kid)
            .set(SIGNING_KEY.ALGORITHM, row.algorithm)
            .set(SIGNING_KEY.JWK, row.jwk)
            .set(SIGNING_KEY.CREATED_AT, row.createdAt.atOffset(ZoneOffset.UTC))
            .execute()
    }
}

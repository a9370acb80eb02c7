package outlay.auth

import org.jooq.DSLContext
import org.springframework.stereotype.Repository
import outlay.db.tables.records.UsersRecord
import outlay.db.tables.references.USERS
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class UserRow(
    val id: UUID,
    val email: String,
    val emailKey: String,
    val displayName: String,
    val passwordHash: String,
    val createdAt: Instant,
)

@Repository
class UserRepository(private val db: DSLContext) {

    /** Throws Spring's DuplicateKeyException when the email is taken. */
    fun insert(user: UserRow) {
        db.insertInto(USERS)
            .set(USERS.ID, user.id)
            .set(USERS.EMAIL, user.email)
            .set(USERS.EMAIL_KEY, user.emailKey)
            .set(USERS.DISPLAY_NAME, user.displayName)
            .set(USERS.PASSWORD_HASH, user.passwordHash)
            .set(USERS.CREATED_AT, user.createdAt.atOffset(ZoneOffset.UTC))
            .execute()
    }

    fun findByEmailKey(emailKey: String): UserRow? =
        db.selectFrom(USERS).where(USERS.EMAIL_KEY.eq(emailKey)).fetchOne()?.toRow()

    fun findById(id: UUID): UserRow? =
        db.selectFrom(USERS).where(USERS.ID.eq(id)).fetchOne()?.toRow()

    /** Removes the user; rows still referring to it cascade. */
    fun delete(id: UUID): Boolean = db.deleteFrom(USERS).where(USERS.ID.eq(id)).execute() > 0

    fun updatePasswordHash(id: UUID, hash: String) {
        db.update(USERS).set(USERS.PASSWORD_HASH, hash).where(USERS.ID.eq(id)).execute()
    }
}

private fun UsersRecord.toRow() = UserRow(id, email, emailKey, displayName, passwordHash, createdAt.toInstant())

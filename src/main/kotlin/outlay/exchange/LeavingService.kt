package outlay.exchange

import org.springframework.stereotype.Service
import outlay.auth.AuthService
import outlay.documents.FileStore
import outlay.exchange.dump.UserErasure
import java.util.UUID

/**
 * A user leaving: after the password is entered again, every row of theirs is deleted in one
 * database transaction ([UserErasure]), then their stored files and pending import uploads.
 * Should the process die between the two, the file sweep removes bytes no row refers to.
 */
@Service
class LeavingService(
    private val auth: AuthService,
    private val erasure: UserErasure,
    private val store: FileStore,
    private val importFiles: ImportFiles,
) {
    fun leave(userId: UUID, password: String, clientIp: String) {
        auth.confirmPassword(userId, password, clientIp)
        erasure.erase(userId)
        store.deleteAll(userId)
        importFiles.deleteAll(userId)
    }
}

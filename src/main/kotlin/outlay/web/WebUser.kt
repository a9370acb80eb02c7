package outlay.web

import java.io.Serializable
import java.security.Principal
import java.util.UUID

/**
 * The signed-in person of a browser session: the principal of its security context, stored
 * (serialized) with the session in the database. A page controller takes it with
 * `@AuthenticationPrincipal user: WebUser` and passes `user.id` to the feature's service.
 */
data class WebUser(val id: UUID, val email: String, val displayName: String) : Principal, Serializable {
    /** The session table's principal name: the user id, so a person's sessions can be found (and ended) by it. */
    override fun getName(): String = id.toString()

    companion object {
        private const val serialVersionUID = 1L
    }
}

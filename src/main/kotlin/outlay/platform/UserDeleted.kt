package outlay.platform

import java.util.UUID

/**
 * Published when a user's row is deleted, inside that database transaction: a module that keeps
 * something of the user outside the user's tables (the web's browser sessions) drops it after the
 * commit. It lives here because the module that deletes users (auth) sits above the web layout.
 */
data class UserDeleted(val userId: UUID)

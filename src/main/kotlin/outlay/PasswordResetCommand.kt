package outlay

import org.springframework.boot.SpringApplication
import outlay.auth.AuthService
import outlay.platform.InputDomains

/**
 * `java -jar outlay.jar reset-password EMAIL`: the operator's way back in for a user who forgot
 * their password, without an e-mail server. Reads the new password from OUTLAY_NEW_PASSWORD or
 * standard input, sets it and ends all of that user's sessions. Runs against the configured
 * database (same OUTLAY_DB_* settings as the server), on a loopback-only ephemeral port. It
 * lives beside the application class: it starts the application, and modules never depend on it.
 */
object PasswordResetCommand {
    fun run(args: List<String>): Int {
        val email = args.firstOrNull() ?: return fail("usage: reset-password EMAIL  (new password from OUTLAY_NEW_PASSWORD or stdin)")
        val password = System.getenv("OUTLAY_NEW_PASSWORD")
            ?: System.console()?.readPassword("New password for %s: ", email)?.let(::String)
            ?: readlnOrNull()
            ?: return fail("no new password given")
        InputDomains.passwordProblem(password)?.let { return fail("the password $it") }
        val context = SpringApplication(OutlayApplication::class.java).apply {
            setDefaultProperties(mapOf("server.port" to "0", "server.address" to "127.0.0.1", "spring.main.banner-mode" to "off"))
        }.run()
        return context.use {
            if (it.getBean(AuthService::class.java).resetPassword(email, password)) {
                println("Password of $email reset; all of its sessions ended.")
                0
            } else {
                fail("no user with email $email")
            }
        }
    }

    private fun fail(message: String): Int {
        System.err.println(message)
        return 2
    }
}

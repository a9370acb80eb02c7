package outlay.auth

import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.h1
import kotlinx.html.p
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.Flash
import outlay.web.FormErrors
import outlay.web.field
import outlay.web.flashMessage
import outlay.web.formError
import outlay.web.postForm
import outlay.web.publicPage
import outlay.web.submit

/** What the sign-in form shows again after a refusal (never the password). */
data class SignInForm(val email: String = "")

data class SignUpForm(val email: String = "", val displayName: String = "")

fun signInNotice(expired: Boolean, signedOut: Boolean): Flash? = when {
    expired -> Flash("Your session has ended. Please sign in again.", Flash.Kind.INFO)
    signedOut -> Flash("You are signed out.", Flash.Kind.INFO)
    else -> null
}

fun signInPage(form: SignInForm, errors: FormErrors, notice: Flash? = null, status: HttpStatus = HttpStatus.OK): View =
    publicPage("Sign in", if (errors.isEmpty) status else status.takeIf { it.isError } ?: HttpStatus.BAD_REQUEST) { page ->
        flashMessage(notice)
        div("card") {
            div("card-body") {
                h1 { +"Welcome back" }
                p("lead") { +"Sign in to see where your money goes." }
                postForm(page, "/app/signin", "form", attrs = mapOf("hx-boost" to "false")) {
                    formError(errors)
                    field("Email", "email", form.email, errors, InputType.email) {
                        attributes["autocomplete"] = "username"; required = true; autoFocus = form.email.isEmpty()
                    }
                    field("Password", "password", null, errors, InputType.password) {
                        attributes["autocomplete"] = "current-password"; required = true; autoFocus = form.email.isNotEmpty()
                    }
                    submit("Sign in", "button primary block")
                }
            }
        }
        p("switch") { +"New to Outlay? "; a("/app/signup") { +"Create an account" } }
    }

fun signUpPage(form: SignUpForm, errors: FormErrors, status: HttpStatus = HttpStatus.OK): View =
    publicPage("Create your account", if (errors.isEmpty) status else status.takeIf { it.isError } ?: HttpStatus.BAD_REQUEST) { page ->
        div("card") {
            div("card-body") {
                h1 { +"Create your account" }
                p("lead") { +"Record receipts, see your month at a glance." }
                postForm(page, "/app/signup", "form", attrs = mapOf("hx-boost" to "false")) {
                    formError(errors)
                    field("Your name", "displayName", form.displayName, errors) {
                        attributes["autocomplete"] = "name"; required = true; maxLength = "100"
                    }
                    field("Email", "email", form.email, errors, InputType.email) {
                        attributes["autocomplete"] = "email"; required = true
                    }
                    field("Password", "password", null, errors, InputType.password, hint = "At least 8 characters.") {
                        attributes["autocomplete"] = "new-password"; required = true; minLength = "8"; maxLength = "128"
                    }
                    submit("Create account", "button primary block")
                }
            }
        }
        p("switch") { +"Already have an account? "; a("/app/signin") { +"Sign in" } }
    }

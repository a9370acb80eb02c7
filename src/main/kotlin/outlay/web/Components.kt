package outlay.web

import kotlinx.html.ButtonType
import kotlinx.html.FORM
import kotlinx.html.FlowContent
import kotlinx.html.FormMethod
import kotlinx.html.INPUT
import kotlinx.html.InputType
import kotlinx.html.SELECT
import kotlinx.html.a
import kotlinx.html.button
import kotlinx.html.div
import kotlinx.html.form
import kotlinx.html.h2
import kotlinx.html.hiddenInput
import kotlinx.html.id
import kotlinx.html.input
import kotlinx.html.label
import kotlinx.html.option
import kotlinx.html.p
import kotlinx.html.role
import kotlinx.html.select
import kotlinx.html.span
import kotlinx.html.svg
import kotlinx.html.unsafe
import java.math.BigDecimal

private val ICON_NAME = Regex("[a-z0-9_]{1,64}")

/** A Material Symbols icon from the sprite (decorative: the text beside it carries the meaning). */
fun FlowContent.icon(name: String, classes: String = "icon") {
    val safe = if (ICON_NAME.matches(name)) name else "category"
    svg(classes) {
        attributes["aria-hidden"] = "true"
        attributes["focusable"] = "false"
        unsafe { raw("""<use href="${Assets.sprite}#i-$safe"></use>""") }
    }
}

/**
 * A POST form carrying the CSRF token as a hidden field, so it works with JavaScript off.
 * [confirm] asks before submitting (htmx's hx-confirm, or app.js without htmx); [attrs] go on the form.
 */
fun FlowContent.postForm(
    page: Page, action: String, classes: String? = null, confirm: String? = null,
    attrs: Map<String, String> = emptyMap(), block: FORM.() -> Unit,
) {
    form(action = action, method = FormMethod.post, classes = classes) {
        confirm?.let { attributes["data-confirm"] = it; attributes["hx-confirm"] = it }
        attrs.forEach { (k, v) -> attributes[k] = v }
        page.csrf?.let { hiddenInput(name = it.parameterName) { value = it.token } }
        block()
    }
}

/** A labelled input with its error beside it; the error is tied to the input for screen readers. */
fun FlowContent.field(
    label: String,
    name: String,
    value: String?,
    errors: FormErrors,
    type: InputType = InputType.text,
    hint: String? = null,
    id: String = "f-$name",
    configure: INPUT.() -> Unit = {},
) = fieldShell(label, id, errors[name], hint) { described ->
    input(type = type, name = name) {
        this.id = id
        value?.let { this.value = it }
        described?.let { attributes["aria-describedby"] = it }
        if (errors[name] != null) attributes["aria-invalid"] = "true"
        configure()
    }
}

/** A labelled select; [options] are value to label, [selected] the chosen value. */
fun FlowContent.selectField(
    label: String,
    name: String,
    options: List<Pair<String, String>>,
    selected: String?,
    errors: FormErrors,
    hint: String? = null,
    id: String = "f-$name",
    configure: SELECT.() -> Unit = {},
) = fieldShell(label, id, errors[name], hint) { described ->
    select {
        this.id = id
        this.name = name
        described?.let { attributes["aria-describedby"] = it }
        if (errors[name] != null) attributes["aria-invalid"] = "true"
        configure()
        options.forEach { (value, text) -> option { this.value = value; this.selected = value == selected; +text } }
    }
}

private fun FlowContent.fieldShell(label: String, id: String, error: String?, hint: String?, control: FlowContent.(String?) -> Unit) {
    div(if (error != null) "field invalid" else "field") {
        label { htmlFor = id; +label }
        val described = listOfNotNull(hint?.let { "$id-hint" }, error?.let { "$id-error" }).joinToString(" ").ifEmpty { null }
        control(described)
        hint?.let { p("hint") { this.id = "$id-hint"; +it } }
        error?.let { p("error") { this.id = "$id-error"; icon("error", "icon small"); +it } }
    }
}

/** The form's own error (not tied to one field): rate limits, a busy server, a conflict. */
fun FlowContent.formError(errors: FormErrors) {
    errors.general?.let { message -> div("alert error") { role = "alert"; icon("warning"); span { +message } } }
}

fun FlowContent.submit(text: String, classes: String = "button primary") = button(type = ButtonType.submit, classes = classes) { +text }

/** The message a redirect left behind: announced politely, shown once. */
fun FlowContent.flashMessage(flash: Flash?) {
    flash ?: return
    val (css, iconName) = when (flash.kind) {
        Flash.Kind.SUCCESS -> "success" to "check_circle"
        Flash.Kind.INFO -> "info" to "info"
        Flash.Kind.ERROR -> "error" to "warning"
    }
    div("alert $css flash") {
        role = if (flash.kind == Flash.Kind.ERROR) "alert" else "status"
        icon(iconName)
        span { +flash.text }
    }
}

/** An empty list teaches the next step: what is missing and the one action that fixes it. */
fun FlowContent.emptyState(iconName: String, title: String, text: String, actionText: String? = null, actionHref: String? = null) {
    div("empty") {
        div("empty-icon") { icon(iconName) }
        h2 { +title }
        p { +text }
        if (actionText != null && actionHref != null) a(actionHref, classes = "button primary") { icon("add"); +actionText }
    }
}

/**
 * An amount as money: tabular figures, the currency always shown, and expense or income told apart
 * by sign (− / +) as well as colour. [signed] false shows a plain amount (a balance, a total).
 */
fun FlowContent.money(page: Page, amount: BigDecimal, currency: String, income: Boolean? = null) {
    val text = page.money.format(amount.abs(), currency)
    when (income) {
        null -> span("money") { +page.money.format(amount, currency) }
        true -> span("money income") { +"+$text" }
        false -> span("money expense") { +"\u2212$text" }
    }
}

/** An empty state in a card of its own (a list with nothing in it yet). */
fun FlowContent.emptyCard(iconName: String, title: String, text: String, actionText: String? = null, actionHref: String? = null) =
    div("card") { emptyState(iconName, title, text, actionText, actionHref) }

/** The primary "New …" action of a list page. */
fun FlowContent.newButton(href: String, text: String) = a(href, classes = "button primary") { icon("add"); +text }

/**
 * A row of a list: an icon chip, a title with an optional line below, and [end] (a badge, an
 * amount, a chevron). A link when [href] is given.
 */
fun FlowContent.listRow(href: String?, iconName: String, title: String, sub: String? = null, end: FlowContent.() -> Unit = {}) {
    val body: FlowContent.() -> Unit = {
        span("chip-icon") { icon(iconName) }
        span("row-main") {
            span("row-title") { +title }
            sub?.let { span("row-sub") { +it } }
        }
        span("row-end") { end() }
    }
    if (href != null) a(href, classes = "row") { body() } else div("row") { body() }
}

/** A destructive action in its own card: a confirmed POST with a line saying what it does. */
fun FlowContent.dangerCard(page: Page, action: String, confirm: String, button: String, hint: String) = div("card") {
    div("card-body") {
        postForm(page, action, confirm = confirm) {
            div("actions") {
                submit(button, "button danger")
                span("hint") { +hint }
            }
        }
    }
}

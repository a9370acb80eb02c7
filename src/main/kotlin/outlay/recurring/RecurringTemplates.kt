package outlay.recurring

import kotlinx.html.FlowContent
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.checkBoxInput
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.hiddenInput
import kotlinx.html.label
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.accounts.AccountView
import outlay.categories.CategoryView
import outlay.ledger.Direction
import outlay.sellers.SellerView
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.field
import outlay.web.formError
import outlay.web.listRow
import outlay.web.money
import outlay.web.newButton
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.selectField
import outlay.web.shortDate
import outlay.web.submit

/** What the rule form offers: the person's accounts, categories and sellers. */
data class RuleChoices(val accounts: List<AccountView>, val categories: List<CategoryView>, val sellers: List<SellerView>)

/** A stored rule and the occurrences it produced, newest first. */
data class RuleWithOccurrences(val rule: RuleView, val occurrences: List<OccurrenceView>)

fun ruleListPage(rules: List<RuleView>, pending: List<PendingView>, choices: RuleChoices): View = appPage("Recurring", Section.MORE) { page ->
    pageHeader("Recurring", "Rent, salary, subscriptions: recorded by themselves on their day.", back = "/app/more" to "More") {
        newButton("/app/recurring/new", "New rule")
    }
    if (rules.isEmpty()) {
        emptyCard("event_repeat", "No recurring rules yet", "A rule records a transaction on its day, every month or as often as you choose.", "New rule", "/app/recurring/new")
        return@appPage
    }
    val currency = choices.accounts.associate { it.id to it.currency }
    if (pending.isNotEmpty()) pendingSection(page, pending, currency)
    div("card") {
        ul("list") {
            rules.forEach { rule ->
                li {
                    val next = rule.nextDate?.let { "next ${page.shortDate(it)}" } ?: "ended"
                    listRow("/app/recurring/${rule.id}", "event_repeat", rule.name, "${describe(rule)} \u00b7 $next") {
                        rule.accountId?.let(currency::get)?.let { money(page, total(rule.items), it, income = rule.direction == Direction.INCOME) }
                    }
                }
            }
        }
    }
}

/** New ([stored] null) or one stored rule: its form, what it recorded, and Delete. */
fun ruleFormPage(stored: RuleWithOccurrences?, choices: RuleChoices, form: FormValues, errors: FormErrors): View {
    val title = stored?.rule?.name ?: "New recurring rule"
    return appPage(title, Section.MORE, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
        pageHeader(title, stored?.rule?.let { describe(it) } ?: "A transaction recorded by itself on its day.", back = "/app/recurring" to "Recurring")
        if (choices.accounts.isEmpty()) {
            emptyCard("account_balance_wallet", "An account first", "A rule records into one of your accounts. Create one first.", "New account", "/app/accounts/new")
            return@appPage
        }
        if (stored != null && stored.rule.items.size > 1) {
            p("hint") { +"This rule records ${stored.rule.items.size} items; this page edits rules of one item, so change it through the API or delete it." }
        } else {
            ruleForm(page, stored?.rule, choices, form, errors)
        }
        if (stored != null) {
            occurrences(page, stored.occurrences)
            div("card") {
                div("card-body") {
                    postForm(page, "/app/recurring/${stored.rule.id}/delete") {
                        div("actions") { submit("Delete rule", "button danger"); p("hint") { +"What it already recorded stays." } }
                    }
                }
            }
        }
    }
}

private fun FlowContent.ruleForm(page: Page, rule: RuleView?, choices: RuleChoices, form: FormValues, errors: FormErrors) = div("card") {
    div("card-body") {
        postForm(page, rule?.let { "/app/recurring/${it.id}" } ?: "/app/recurring", "form") {
            formError(errors)
            errors["id"]?.let { p("error") { +it } }
            hiddenInput(name = "id") { value = form["id"] ?: "" }
            field("Name", "name", form["name"], errors, hint = "For you, e.g. Rent.") { required = true; maxLength = "100" }
            div("form-grid two") {
                selectField("Account", "accountId", listOf("" to "Choose an account") + choices.accounts.map { it.id.toString() to "${it.name} (${it.currency})" }, form["accountId"], errors) { required = true }
                selectField("Kind", "direction", listOf("expense" to "Expense", "income" to "Income"), form["direction"] ?: "expense", errors)
            }
            div("form-grid two") {
                field("Amount", RuleForm.AMOUNT, form[RuleForm.AMOUNT], errors, hint = "In the account's currency, e.g. 850.00.", id = "f-amount") {
                    required = true; attributes["inputmode"] = "decimal"; maxLength = "20"
                }
                selectField("Category", RuleForm.CATEGORY, listOf("" to "Choose a category") + choices.categories.map { it.id.toString() to it.name }, form[RuleForm.CATEGORY], errors, id = "f-category") { required = true }
            }
            div("form-grid two") {
                field("Description (optional)", RuleForm.DESCRIPTION, form[RuleForm.DESCRIPTION], errors, id = "f-description") { maxLength = "200" }
                selectField("Seller (optional)", "sellerId", listOf("" to "None") + choices.sellers.map { it.id.toString() to it.name }, form["sellerId"], errors)
            }
            field("Note (optional)", "note", form["note"], errors) { maxLength = "500" }
            h2("section-title") { +"When" }
            div("form-grid two") {
                field("Every", "every", form["every"], errors, InputType.number) { required = true; min = "1"; max = RuleRequest.MAX_EVERY.toString() }
                selectField("Unit", "unit", RepeatUnit.entries.map { it.json to it.json.replaceFirstChar(Char::uppercase) }, form["unit"], errors)
            }
            div("form-grid two") {
                field("Day of the month (optional)", "dayOfMonth", form["dayOfMonth"], errors, InputType.number, hint = "Monthly rules: the start date's day if empty; the last day in shorter months.") {
                    min = "1"; max = "31"
                }
                label("check") { checkBoxInput(name = "lastDay") { value = "true"; checked = form.checked("lastDay") }; +"The last day of every month" }
            }
            div("form-grid two") {
                field("Start date", "startDate", form["startDate"], errors, InputType.date) { required = true }
                field("End date (optional)", "endDate", form["endDate"], errors, InputType.date)
            }
            selectField(
                "When its day comes", "action", listOf(Action.RECORD.json to "Record it", Action.CONFIRM.json to "Ask me to confirm it"),
                form["action"] ?: Action.RECORD.json, errors,
            )
            field("Number of times (optional)", "count", form["count"], errors, InputType.number, hint = "Stops after this many, counting from the start.") {
                min = "1"; max = RuleRequest.MAX_COUNT.toString()
            }
            div("actions") { submit(if (rule == null) "Save rule" else "Save changes") }
        }
    }
}

private fun FlowContent.occurrences(page: Page, occurrences: List<OccurrenceView>) = section("section") {
    h2("section-title") { +"Recorded" }
    if (occurrences.isEmpty()) {
        p("hint") { +"Nothing yet: the first occurrence is recorded on its day, in your time zone." }
        return@section
    }
    div("card") {
        ul("list") {
            occurrences.take(SHOWN).forEach { o ->
                li { listRow(o.transactionId?.let { "/app/transactions/$it" }, "receipt_long", page.shortDate(o.date), STATES[o.state]) }
            }
        }
    }
    if (occurrences.size > SHOWN) p("hint") { +"And ${occurrences.size - SHOWN} earlier." }
}

fun ruleDeletePage(rule: RuleView): View = appPage("Delete rule?", Section.MORE) { page ->
    pageHeader("Delete this rule?", back = "/app/recurring/${rule.id}" to "Back")
    div("card") {
        div("card-body") {
            h2 { +rule.name }
            p { +"${describe(rule)}. It records nothing more; what it already recorded stays. This cannot be undone." }
            postForm(page, "/app/recurring/${rule.id}/delete") {
                hiddenInput(name = "confirmed") { value = "true" }
                div("actions") {
                    submit("Delete", "button danger")
                    a("/app/recurring/${rule.id}", classes = "button ghost") { +"Keep it" }
                }
            }
        }
    }
}

/** "Every month on the 31st", "Every 2 weeks", "Every month on the last day". */
fun describe(rule: RuleView): String {
    val unit = rule.unit.json.removeSuffix("s")
    val every = if (rule.every == 1) "Every $unit" else "Every ${rule.every} ${rule.unit.json}"
    val day = when {
        rule.unit != RepeatUnit.MONTHS -> ""
        rule.lastDay -> " on the last day"
        else -> " on day ${rule.dayOfMonth ?: rule.startDate.dayOfMonth}"
    }
    return every + day
}

private const val SHOWN = 24

private val STATES = mapOf(OccurrenceState.PENDING to "To confirm (on the Recurring page)", OccurrenceState.SKIPPED to "Skipped")

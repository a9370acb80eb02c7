package outlay.exchange

import kotlinx.html.FlowContent
import kotlinx.html.FormEncType
import kotlinx.html.FormMethod
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.div
import kotlinx.html.form
import kotlinx.html.h2
import kotlinx.html.hiddenInput
import kotlinx.html.id
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.accounts.AccountView
import outlay.web.FormErrors
import outlay.web.Section
import outlay.web.appPage
import outlay.web.emptyCard
import outlay.web.field
import outlay.web.formError
import outlay.web.icon
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.selectField
import outlay.web.submit
import java.util.UUID

/** Step 1: the file and the account it goes into. */
fun importStartPage(accounts: List<AccountView>, account: String?, errors: FormErrors): View =
    appPage("Import", Section.IMPORT, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
        pageHeader("Import a bank file", "CSV or TSV, OFX or QFX, QIF. You see every row before anything is recorded.")
        if (accounts.isEmpty()) {
            emptyCard("account_balance_wallet", "No account to import into", "An import goes into one account. Create it first.", "Create an account", "/app/accounts/new")
            return@appPage
        }
        div("card") {
            div("card-body") {
                postForm(page, "/app/import", "form", attrs = mapOf("enctype" to FormEncType.multipartFormData.realValue, "hx-boost" to "false")) {
                    formError(errors)
                    field("File", "file", null, errors, InputType.file, hint = "Up to 10 MB. Rows already imported into the account are recognised and skipped.") {
                        accept = ".csv,.tsv,.txt,.ofx,.qfx,.qif,text/csv"
                    }
                    selectField("Account", "account", accounts.map { it.id.toString() to "${it.name} (${it.currency})" }, account ?: accounts.first().id.toString(), errors)
                    div("actions") { submit("Upload and preview") }
                }
            }
        }
    }

/** Step 2: how the file is read (CSV: the column mapping; QIF: its date format), the rows as they would be recorded, every problem, and the confirmation. */
fun importPreviewPage(
    upload: UploadView, accounts: List<AccountView>, accountId: UUID?, preview: PreviewView?, messages: List<String>, status: HttpStatus,
): View = appPage("Import preview", Section.IMPORT, status) { page ->
    pageHeader("Preview: ${upload.filename ?: "upload"}", "${upload.format.uppercase()} · ${upload.encoding}", back = "/app/import" to "Import")
    messages.forEach { formError(FormErrors(general = it)) }
    val csv = preview?.csv ?: upload.csv
    val qif = preview?.qif ?: upload.qif
    div("card") {
        div("card-body") {
            form(action = "/app/import/${upload.id}", method = FormMethod.get, classes = "form") {
                id = "mapping"
                selectField("Account", "account", accounts.map { it.id.toString() to "${it.name} (${it.currency})" }, accountId?.toString(), FormErrors.NONE)
                if (csv != null) mappingFields(upload.columns, csv)
                if (qif != null) qifFields(qif)
                div("actions") { submit("Update preview", "button") }
            }
        }
    }
    preview ?: return@appPage
    summary(preview)
    if (preview.problems.isNotEmpty()) problems(preview)
    rows(preview)
    div("card") {
        div("card-body") {
            postForm(page, "/app/import/${upload.id}/confirm", "form") {
                hiddenInput(name = "account") { value = preview.accountId.toString() }
                preview.csv?.let { settings -> settingsAsHidden(settings) }
                preview.qif?.let { settings -> qifAsHidden(settings) }
                div("actions") {
                    submit(if (preview.toRecord == 1) "Import 1 transaction" else "Import ${preview.toRecord} transactions")
                    span("hint") { +"One step: every row is recorded, or none." }
                }
            }
        }
    }
}

private fun FlowContent.mappingFields(columns: List<String>, csv: CsvSettingsDto) {
    val none = listOf("" to "(not in the file)")
    val options = none + columns.map { it to it }
    div("form-grid two") {
        selectField("Delimiter", "delimiter", listOf("," to "Comma", ";" to "Semicolon", "tab" to "Tab", "|" to "Bar"), if (csv.delimiter == "\t") "tab" else csv.delimiter, FormErrors.NONE)
        selectField("Decimal separator", "decimal", DECIMALS, csv.decimalSeparator, FormErrors.NONE)
        field("Date format", "dateFormat", csv.dateFormat, FormErrors.NONE, hint = "For example dd.MM.yyyy or yyyy-MM-dd.") { required = true }
        selectField("First row", "header", listOf("true" to "Column names", "false" to "Data"), csv.hasHeader.toString(), FormErrors.NONE)
    }
    val c = csv.columns
    div("form-grid two") {
        for ((name, label, value) in listOf(
            Triple("date", "Date column", c.date), Triple("amount", "Amount column (signed)", c.amount),
            Triple("debit", "Debit column (money out)", c.debit), Triple("credit", "Credit column (money in)", c.credit),
            Triple("description", "Description column", c.description), Triple("seller", "Seller column", c.seller),
            Triple("category", "Category column", c.category), Triple("currency", "Currency column", c.currency),
            Triple("note", "Note column", c.note),
        )) selectField(label, "c.$name", options, value ?: "", FormErrors.NONE, id = "f-c-$name")
    }
    // columns only Outlay's own export has; kept as they were detected
    listOf("account" to c.account, "mode" to c.mode, "transaction" to c.transaction).forEach { (name, value) ->
        value?.let { hiddenInput(name = "c.$name") { this.value = it } }
    }
}

/** QIF has no column names, but its dates are ambiguous (03/04: March or April?): the person can correct the detection. */
private fun FlowContent.qifFields(qif: QifSettingsDto) = div("form-grid two") {
    selectField("Decimal separator", "qif.decimal", DECIMALS, qif.decimalSeparator, FormErrors.NONE, id = "f-qif-decimal")
    field("Date format", "qif.dateFormat", qif.dateFormat, FormErrors.NONE, hint = "MM/dd/yyyy (US) or dd/MM/yyyy.", id = "f-qif-dateFormat") {
        required = true
    }
}

private fun FlowContent.qifAsHidden(qif: QifSettingsDto) {
    hiddenInput(name = "qif.dateFormat") { value = qif.dateFormat }
    hiddenInput(name = "qif.decimal") { value = qif.decimalSeparator }
}

private val DECIMALS = listOf("." to "Point (1234.56)", "," to "Comma (1234,56)")

private fun FlowContent.settingsAsHidden(csv: CsvSettingsDto) {
    val c = csv.columns
    val values = listOf(
        "delimiter" to (if (csv.delimiter == "\t") "tab" else csv.delimiter), "header" to csv.hasHeader.toString(),
        "dateFormat" to csv.dateFormat, "decimal" to csv.decimalSeparator,
    ) + c.fields().map { (field, column) -> "c.$field" to column }
    values.forEach { (name, value) -> hiddenInput(name = name) { this.value = value } }
}

private fun FlowContent.summary(p: PreviewView) = section("section") {
    h2("section-title") { +"What will be recorded" }
    div("card") {
        ul("list") {
            id = "import-summary"
            li { div("row") { span("row-main") { +"${p.rowCount} rows read: ${p.toRecord} to record" } } }
            if (p.duplicates > 0) li { div("row") { span("row-main") { +"${p.duplicates} already imported (duplicates, skipped)" } } }
            if (p.skipped > 0) li { div("row") { span("row-main") { +"${p.skipped} with a zero amount (skipped)" } } }
            if (p.uncategorised > 0) li { div("row") { span("row-main") { +"${p.uncategorised} without a matching category (they go to ${p.uncategorisedCategory})" } } }
            if (p.newSellers > 0) li { div("row") { span("row-main") { +"${p.newSellers} new sellers" } } }
        }
    }
}

private fun FlowContent.problems(p: PreviewView) = section("section") {
    h2("section-title") { +"${p.problemCount} problems: fix the file or the settings above" }
    div("alert error") {
        attributes["role"] = "alert"
        ul {
            id = "import-problems"
            p.problems.forEach { problem ->
                li {
                    +"Line ${problem.line}"
                    problem.column?.let { +", column $it" }
                    problem.field?.let { +" ($it)" }
                    problem.value?.let { +", value \u201c$it\u201d" }
                    +": ${problem.message}"
                }
            }
        }
    }
}

private fun FlowContent.rows(p: PreviewView) = section("section") {
    h2("section-title") { +"The first ${p.rows.size} rows" }
    div("card") {
        ul("list") {
            id = "import-rows"
            p.rows.forEach { row ->
                li {
                    div(if (row.duplicate) "row duplicate" else "row") {
                        span("chip-icon") { icon(if (row.duplicate) "check_circle" else "receipt_long") }
                        span("row-main") {
                            span("row-title") { +(row.seller ?: row.items.firstOrNull()?.description ?: "No description") }
                            span("row-sub") {
                                +listOfNotNull("Line ${row.line}", row.date.toString(), row.items.joinToString(", ") { it.category },
                                    if (row.duplicate) "already imported" else null, if (row.newSeller) "new seller" else null).joinToString(" · ")
                            }
                        }
                        span("row-end") {
                            span(if (row.direction == "income") "money income" else "money expense") {
                                +"${if (row.direction == "income") "+" else "\u2212"}${row.total} ${row.currency}"
                            }
                        }
                    }
                }
            }
        }
    }
}

/** Step 3: what the import recorded. */
fun importDonePage(result: ImportResult, account: AccountView): View = appPage("Import finished", Section.IMPORT) { _ ->
    pageHeader("Import finished", "Into ${account.name} (${account.currency})")
    div("card") {
        ul("list") {
            id = "import-result"
            li { div("row") { span("row-main") { +"${result.recorded} transactions recorded" } } }
            li { div("row") { span("row-main") { +"${result.duplicates} duplicates skipped (imported before)" } } }
            if (result.skipped > 0) li { div("row") { span("row-main") { +"${result.skipped} rows with a zero amount skipped" } } }
        }
    }
    p { a("/app/transactions", classes = "button primary") { +"See the transactions" }; +" "; a("/app/import", classes = "button") { +"Import another file" } }
}

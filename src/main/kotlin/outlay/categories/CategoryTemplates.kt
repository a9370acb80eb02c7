package outlay.categories

import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.checkBoxInput
import kotlinx.html.div
import kotlinx.html.fieldSet
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.label
import kotlinx.html.legend
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.radioInput
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Icons
import outlay.web.Section
import outlay.web.appPage
import outlay.web.field
import outlay.web.formError
import outlay.web.dangerCard
import outlay.web.icon
import outlay.web.listRow
import outlay.web.newButton
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.selectField
import outlay.web.submit

fun categoryListPage(categories: List<CategoryView>): View = appPage("Categories", Section.CATEGORIES) {
    pageHeader("Categories", "Every item of a receipt gets one.") {
        newButton("/app/categories/new", "New category")
    }
    val children = categories.filter { it.parentId != null }.groupBy { it.parentId }
    val (builtIn, own) = categories.filter { it.parentId == null }.partition { it.builtIn }
    if (own.isEmpty() && children.isEmpty()) {
        div("alert info") { icon("info"); span { +"Add your own categories, or child categories under a built-in one (\u201cCoffee\u201d under Food)." } }
    }
    if (own.isNotEmpty()) categoryTree("Your categories", "categories-own", own, children)
    categoryTree("Built-in", "categories-builtin", builtIn, children)
}

private fun FlowContent.categoryTree(title: String, listId: String, top: List<CategoryView>, children: Map<java.util.UUID?, List<CategoryView>>) =
    section("section") {
        h2("section-title") { +title }
        div("card") {
            ul("list") {
                id = listId
                top.forEach { category ->
                    li { categoryRow(category) }
                    children[category.id].orEmpty().forEach { child -> li("child") { categoryRow(child) } }
                }
            }
        }
    }

private fun FlowContent.categoryRow(category: CategoryView) =
    listRow(if (category.builtIn) null else "/app/categories/${category.id}", category.icon, category.name, "Child category".takeIf { category.parentId != null }) {
        if (category.archived) span("badge") { +"Archived" }
        if (!category.builtIn) icon("chevron_right")
    }

/** Create ([category] null, with [parents] to choose from) or edit one of the person's own categories. */
fun categoryFormPage(category: CategoryView?, form: FormValues, parents: List<CategoryView>, errors: FormErrors): View {
    val title = if (category == null) "New category" else "Edit category"
    return appPage(title, Section.CATEGORIES, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
        pageHeader(title, back = "/app/categories" to "Categories")
        div("card") {
            div("card-body") {
                postForm(page, category?.let { "/app/categories/${it.id}" } ?: "/app/categories", "form") {
                    formError(errors)
                    field("Name", "name", form["name"], errors) { required = true; maxLength = "100"; autoFocus = category == null }
                    if (category == null) {
                        selectField(
                            "Inside", "parentId",
                            listOf("" to "Nothing: a top-level category") + parents.map { it.id.toString() to it.name },
                            form["parentId"] ?: "", errors,
                            hint = "A child category rolls up into its parent in the statistics.",
                        )
                    }
                    iconPicker(form["icon"] ?: "category", errors)
                    if (category != null) {
                        label("check") {
                            checkBoxInput(name = "archived") { value = "true"; checked = form.checked("archived") }
                            +"Archived (kept on old items, hidden when recording)"
                        }
                    }
                    div("actions") { submit(if (category == null) "Create category" else "Save changes") }
                }
            }
        }
        if (category != null) {
            dangerCard(
                page, "/app/categories/${category.id}/delete", "Delete this category?", "Delete category",
                "Only a category no item uses and with no child categories can be deleted.",
            )
        }
    }
}

private fun FlowContent.iconPicker(selected: String, errors: FormErrors) = fieldSet {
    legend("legend") { +"Icon" }
    div("icon-picker") {
        Icons.CATEGORY.forEach { name ->
            label("icon-choice") {
                radioInput(name = "icon") { value = name; checked = name == selected }
                span { icon(name); span("visually-hidden") { +Icons.label(name) } }
            }
        }
    }
    errors["icon"]?.let { p("error") { icon("error", "icon small"); +it } }
}

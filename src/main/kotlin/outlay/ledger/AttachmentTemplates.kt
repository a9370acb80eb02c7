package outlay.ledger

import kotlinx.html.ButtonType
import kotlinx.html.FlowContent
import kotlinx.html.FormEncType
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.button
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.img
import kotlinx.html.input
import kotlinx.html.label
import kotlinx.html.li
import kotlinx.html.option
import kotlinx.html.progress
import kotlinx.html.section
import kotlinx.html.select
import kotlinx.html.span
import kotlinx.html.ul
import outlay.documents.FilePages
import outlay.documents.FileTypes
import outlay.web.Page
import outlay.web.icon
import outlay.web.postForm
import java.util.UUID

private const val IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/heic"
private const val DOCUMENT_ACCEPT = "application/pdf,$IMAGE_ACCEPT"

/** Receipts and other documents: thumbnails (an icon for PDFs), remove, and an upload by picker, camera or drop. */
fun FlowContent.receipts(page: Page, context: FormContext) = section("card") {
    id = "receipts"
    div("card-body") {
        h2("section-title") { +"Receipts" }
        if (context.documents.isNotEmpty()) {
            ul("thumbs") {
                context.documents.forEachIndexed { i, d ->
                    val name = d.filename ?: "Document ${i + 1}"
                    thumb(FilePages.documentHref(d.id), name, d.mediaType, "del-doc-${d.id}", "Remove $name")
                }
            }
        }
        postForm(page, "${context.base}/documents", "upload", attrs = mapOf("enctype" to FormEncType.multipartFormData.realValue)) {
            div("form-grid two") {
                div("field") {
                    label { htmlFor = "receipt-kind"; +"Kind" }
                    select {
                        id = "receipt-kind"; name = "kind"
                        listOf("receipt" to "Receipt", "invoice" to "Invoice", "bank_statement" to "Bank statement", "other" to "Other")
                            .forEach { (v, t) -> option { value = v; +t } }
                    }
                }
            }
            uploadControls("receipt", DOCUMENT_ACCEPT, "Add a receipt (PDF or photo)", form = null)
        }
        context.documents.forEach { deleteForm(page, "del-doc-${it.id}", "${context.base}/documents/${it.id}/delete") }
    }
}

/** An item's photos inside the main form; their upload and remove buttons belong to forms outside it ([itemForms]). */
fun FlowContent.photos(itemId: UUID, images: List<FileView>) = div("photos") {
    if (images.isNotEmpty()) {
        ul("thumbs") {
            images.forEachIndexed { i, image ->
                val name = image.filename ?: "Photo ${i + 1}"
                thumb(FilePages.imageHref(image.id), name, image.mediaType, "del-img-${image.id}", "Remove photo $name")
            }
        }
    }
    uploadControls("photo-$itemId", IMAGE_ACCEPT, "Add a photo of this item", form = "photo-$itemId")
}

/** The forms the buttons of [photos] submit: HTML forms cannot nest, so they sit after the main form. */
fun FlowContent.itemForms(page: Page, context: FormContext) {
    context.images.forEach { (itemId, images) ->
        postForm(page, "${context.base}/items/$itemId/images", attrs = mapOf(
            "id" to "photo-$itemId", "enctype" to FormEncType.multipartFormData.realValue,
        )) {}
        images.forEach { deleteForm(page, "del-img-${it.id}", "${context.base}/items/$itemId/images/${it.id}/delete") }
    }
}

private fun FlowContent.deleteForm(page: Page, id: String, action: String) = postForm(page, action, attrs = mapOf("id" to id)) {}

private fun kotlinx.html.UL.thumb(href: String, name: String, mediaType: String, deleteForm: String, removeLabel: String) = li("thumb") {
    a(href, classes = "thumb-link") {
        attributes["hx-boost"] = "false"; attributes["target"] = "_blank"
        if (mediaType == FileTypes.PDF) {
            span("thumb-icon") { icon("receipt_long") }
        } else {
            img(alt = "", src = href) { attributes["loading"] = "lazy" }
        }
        span("thumb-name") { +name }
    }
    button(type = ButtonType.submit, classes = "button ghost small") {
        attributes["form"] = deleteForm
        icon("close", "icon small"); span("visually-hidden") { +removeLabel }
    }
}

/**
 * A file picker and a camera button (`capture`, phones open the camera) for the same upload, a
 * drop zone on desktops and a progress bar (both with JavaScript), and a plain Upload button
 * for when scripts are off. [form] ties the controls to a form elsewhere on the page.
 */
private fun FlowContent.uploadControls(key: String, accept: String, text: String, form: String?) = div("dropzone") {
    attributes["data-dropzone"] = ""
    span("dropzone-text") { +text }
    div("upload-buttons") {
        input(InputType.file, name = "file", classes = "visually-hidden") {
            id = "$key-file"; attributes["accept"] = accept; attributes["data-autosubmit"] = ""
            form?.let { attributes["form"] = it }
        }
        label("button small") { htmlFor = "$key-file"; icon("add", "icon small"); +"Choose file" }
        input(InputType.file, name = "file", classes = "visually-hidden") {
            id = "$key-camera"; attributes["accept"] = "image/*"; attributes["capture"] = "environment"; attributes["data-autosubmit"] = ""
            form?.let { attributes["form"] = it }
        }
        label("button small") { htmlFor = "$key-camera"; +"Take photo" }
        button(type = ButtonType.submit, classes = "button ghost small") {
            attributes["data-noscript"] = ""
            form?.let { attributes["form"] = it }
            +"Upload"
        }
    }
    progress { attributes["hidden"] = ""; attributes["max"] = "100"; attributes["aria-label"] = "Upload progress" }
}

package outlay.ledger

import kotlinx.html.DL
import kotlinx.html.FlowContent
import kotlinx.html.a
import kotlinx.html.dd
import kotlinx.html.div
import kotlinx.html.dl
import kotlinx.html.dt
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.img
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.web.servlet.View
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.postForm
import outlay.web.submit
import outlay.web.icon
import outlay.web.longDate
import outlay.web.money
import outlay.web.pageHeader
import outlay.web.time

/** One saved transaction: header, items (with their photos), receipts; Edit and Delete lead to their own pages. */
fun transactionDetailPage(t: TransactionView, accountName: String?): View {
    val first = t.items.firstOrNull()
    val title = t.sellerName ?: first?.description ?: first?.category?.name ?: "Transaction"
    return appPage(title, Section.TRANSACTIONS) { p ->
        pageHeader(title, p.longDate(t.date), back = "/app/transactions" to "Transactions") {
            a("/app/transactions/${t.id}/edit", classes = "button") { icon("edit"); +"Edit" }
        }
        div("card") {
            div("card-body") {
                div("total-line") {
                    span("total-label") { +if (t.direction == Direction.INCOME) "Income" else "Expense" }
                    span("total-amount") { money(p, t.total.toBigDecimal(), t.currency, income = t.direction == Direction.INCOME) }
                }
                dl("facts") {
                    fact("Account") { +(accountName ?: "\u2014"); +" (${t.currency})" }
                    fact("Date") { +p.longDate(t.date); t.time?.let { +", ${p.time(it)}" } }
                    fact("Paid by") { +modeLabel(t.mode) }
                    t.sellerName?.let { fact("Seller") { +it } }
                    t.note?.let { fact("Note") { +it } }
                }
            }
        }
        itemsSection(p, t)
        documentsSection(t)
        // the delete page asks for confirmation itself, so this post only leads there
        div("card") {
            div("card-body") {
                postForm(p, "/app/transactions/${t.id}/delete") {
                    div("actions") {
                        submit("Delete transaction", "button danger")
                        span("hint") { +"Its items, receipts and photos are deleted with it (you confirm on the next page)." }
                    }
                }
            }
        }
    }
}

private fun DL.fact(label: String, value: FlowContent.() -> Unit) {
    dt { +label }
    dd { value() }
}

private fun FlowContent.itemsSection(p: Page, t: TransactionView) = section("section") {
    h2("section-title") { id = "items-title"; +if (t.items.size == 1) "1 item" else "${t.items.size} items" }
    div("card") {
        ul("list") {
            id = "items"
            attributes["aria-labelledby"] = "items-title"
            t.items.forEach { item ->
                li("item") {
                    div("row") {
                        span("chip-icon") { icon(item.category?.icon ?: "category") }
                        span("row-main") {
                            span("row-title") { +(item.description ?: item.category?.name ?: "Item") }
                            val quantity = item.quantity.stripTrailingZeros()
                            span("row-sub") {
                                +listOfNotNull(
                                    item.category?.name, item.brand, item.variation,
                                    quantity.takeIf { it.compareTo(java.math.BigDecimal.ONE) != 0 }?.let { "\u00d7 ${it.toPlainString()}" },
                                ).joinToString(" \u00b7 ")
                            }
                        }
                        span("row-end") {
                            if (item.isReduction) span("badge") { +"Reduction" }
                            money(p, item.amount.toBigDecimal(), t.currency, income = if (item.isReduction) t.direction == Direction.EXPENSE else null)
                        }
                    }
                    if (item.images.isNotEmpty()) {
                        div("thumbs") {
                            item.images.forEachIndexed { i, image ->
                                a("/app/images/${image.id}", classes = "thumb") {
                                    attributes["hx-boost"] = "false"
                                    img(src = "/app/images/${image.id}", alt = "Photo ${i + 1} of ${item.description ?: item.category?.name ?: "the item"}") {
                                        attributes["loading"] = "lazy"
                                        width = "96"; height = "96"
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

private fun FlowContent.documentsSection(t: TransactionView) = section("section") {
    h2("section-title") { +"Receipts and documents" }
    div("card") {
        if (t.documents.isEmpty()) {
            p("card-body hint") { +"No receipt attached. Edit the transaction to add one." }
            return@div
        }
        ul("list") {
            id = "documents"
            t.documents.forEach { doc ->
                li {
                    div("row doc-row") {
                        span("chip-icon") { icon("receipt_long") }
                        span("row-main") {
                            span("row-title") { +(doc.filename ?: documentKind(doc.kind)) }
                            span("row-sub") { +"${documentKind(doc.kind)} \u00b7 ${fileType(doc.mediaType)} \u00b7 ${size(doc.sizeBytes)}" }
                        }
                        span("row-end") {
                            a("/app/documents/${doc.id}", classes = "button small") {
                                attributes["hx-boost"] = "false"; attributes["target"] = "_blank"; attributes["rel"] = "noopener"
                                +"View"
                            }
                            a("/app/documents/${doc.id}", classes = "button small ghost") {
                                attributes["hx-boost"] = "false"; attributes["download"] = doc.filename ?: ""
                                +"Download"
                            }
                        }
                    }
                }
            }
        }
    }
}

private fun documentKind(kind: DocumentKind) = when (kind) {
    DocumentKind.RECEIPT -> "Receipt"
    DocumentKind.INVOICE -> "Invoice"
    DocumentKind.BANK_STATEMENT -> "Bank statement"
    DocumentKind.OTHER -> "Document"
}

private fun fileType(mediaType: String) = when {
    mediaType == "application/pdf" -> "PDF"
    mediaType.startsWith("image/") -> mediaType.removePrefix("image/").uppercase() + " image"
    else -> mediaType
}

private fun size(bytes: Long) = when {
    bytes < 1024 -> "$bytes bytes"
    bytes < 1024 * 1024 -> "${(bytes + 512) / 1024} KB"
    else -> "%.1f MB".format(java.util.Locale.ROOT, bytes / 1048576.0)
}

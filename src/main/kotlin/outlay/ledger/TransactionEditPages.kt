package outlay.ledger

import jakarta.servlet.http.HttpServletRequest
import org.springframework.http.HttpStatus
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.multipart.MultipartFile
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.platform.ProblemType
import outlay.web.FormErrors
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import java.math.BigDecimal
import java.time.Instant
import java.util.UUID

/**
 * Editing and deleting a saved transaction in the browser, through [TransactionService] (header
 * and items, monthly totals kept exact) and [AttachmentService] (receipts and photos), the
 * services of `PUT /transactions/{id}` and its attachment operations. Another person's id is the 404 page.
 */
@PageController
@RequestMapping("/app/transactions/{id:${Ids.UUID_PATTERN}}")
class TransactionEditPages(
    private val transactions: TransactionService,
    private val attachments: AttachmentService,
    private val screens: TransactionScreens,
) : Pages {
    @GetMapping("/edit")
    fun edit(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View =
        transactions.get(user.id, id).let { render(user.id, it, TransactionFields.of(it), FormErrors.NONE, HttpStatus.OK) }

    /** Save stores the form; "Add item" and "Remove" only redraw it (nothing is stored before Save). */
    @PostMapping("/edit")
    fun update(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, request: HttpServletRequest, redirect: RedirectAttributes,
        @RequestParam(defaultValue = "save") action: String,
    ): View {
        val stored = transactions.get(user.id, id)
        val posted = screens.withoutRemoved(TransactionFields.posted(request), action)
        if (action != "save" && action != "apply") return render(user.id, stored, posted, FormErrors.NONE, HttpStatus.OK)
        val parsed = screens.parse(user.id, posted, stored.sellerId, request.getParameter("nearby"))
        val update = parsed.request ?: return render(user.id, stored, posted, parsed.errors, HttpStatus.BAD_REQUEST)
        val version = runCatching { Instant.parse(posted.version) }.getOrDefault(Instant.EPOCH)
        try {
            transactions.update(user.id, id, update, version)
        } catch (e: ApiException) {
            if (e.status == HttpStatus.NOT_FOUND) throw e
            // changed elsewhere since the form was drawn: show what is stored now, and say so
            if (e.type == ProblemType.CONFLICT) return render(user.id, stored, TransactionFields.of(stored), FormErrors(general = e.detail), HttpStatus.CONFLICT)
            return render(user.id, stored, posted, FormErrors.of(e), HttpStatus.BAD_REQUEST)
        }
        return redirect.flash("Changes saved.", transactionHref(id))
    }

    @PostMapping("/edit/documents")
    fun addDocument(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @RequestParam("file", required = false) files: List<MultipartFile>?,
        @RequestParam(defaultValue = "receipt") kind: String, redirect: RedirectAttributes,
    ): View = screens.upload(redirect, edit(id), files, "Receipt added.") { attachments.addDocument(user.id, id, it, kind) }

    @PostMapping("/edit/documents/{documentId}/delete")
    fun deleteDocument(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @PathVariable documentId: UUID, redirect: RedirectAttributes): View {
        attachments.deleteDocument(user.id, id, documentId)
        return redirect.flash("Receipt removed.", edit(id))
    }

    @PostMapping("/edit/items/{itemId}/images")
    fun addImage(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @PathVariable itemId: UUID,
        @RequestParam("file", required = false) files: List<MultipartFile>?, redirect: RedirectAttributes,
    ): View = screens.upload(redirect, edit(id), files, "Photo added.") { attachments.addImage(user.id, id, itemId, it) }

    @PostMapping("/edit/items/{itemId}/images/{imageId}/delete")
    fun deleteImage(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @PathVariable itemId: UUID, @PathVariable imageId: UUID,
        redirect: RedirectAttributes,
    ): View {
        attachments.deleteImage(user.id, id, itemId, imageId)
        return redirect.flash("Photo removed.", edit(id))
    }

    /** The first post (from the edit or detail page) asks; the confirmation page's post (`confirmed`) deletes. */
    @PostMapping("/delete")
    fun delete(
        @AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, @RequestParam(defaultValue = "false") confirmed: Boolean,
        redirect: RedirectAttributes,
    ): View {
        if (!confirmed) return deleteConfirmPage(transactions.get(user.id, id))
        transactions.delete(user.id, id)
        return redirect.flash("Transaction deleted.", "/app/transactions")
    }

    private fun edit(id: UUID) = "${transactionHref(id)}/edit"

    private fun render(userId: UUID, stored: TransactionView, fields: TransactionFields, errors: FormErrors, status: HttpStatus): View {
        val context = screens.context(userId, edit(stored.id), stored.documents, stored.items, stored.currency, stored.direction, BigDecimal(stored.total))
        return transactionEditPage(stored, fields, errors, context, status)
    }
}

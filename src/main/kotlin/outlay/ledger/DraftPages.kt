package outlay.ledger

import jakarta.servlet.http.HttpServletRequest
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
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
import outlay.platform.ProblemType
import outlay.sellers.SellerService
import outlay.web.FormErrors
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.WebUser
import outlay.web.flash
import outlay.web.redirectTo
import java.time.Instant
import java.util.UUID

/**
 * The draft in the browser (the seed's "new expense" flow on one screen). Every post first
 * stores what the form holds through [DraftService] — the service the JSON API's draft calls —
 * so closing the tab loses nothing; Save then calls [TransactionService.saveDraft].
 */
@PageController
@RequestMapping(DRAFT)
class DraftPages(
    private val drafts: DraftService,
    private val transactions: TransactionService,
    private val sellers: SellerService,
    private val screens: TransactionScreens,
) : Pages {
    @GetMapping
    fun show(@AuthenticationPrincipal user: WebUser): View = render(user.id, open(user.id), null, FormErrors.NONE, HttpStatus.OK)

    @PostMapping
    fun apply(
        @AuthenticationPrincipal user: WebUser, request: HttpServletRequest, redirect: RedirectAttributes,
        @RequestParam(defaultValue = "apply") action: String, @RequestParam(required = false) nearby: String?,
    ): View {
        val draft = open(user.id)
        val posted = screens.withoutRemoved(TransactionFields.posted(request), action)
        val parsed = screens.parse(user.id, posted, draft.sellerId, nearby)
        val update = parsed.request ?: return render(user.id, draft, posted, parsed.errors, HttpStatus.BAD_REQUEST)
        val version = runCatching { Instant.parse(posted.version) }.getOrDefault(Instant.EPOCH)
        try {
            drafts.update(user.id, update, version)
        } catch (e: ApiException) {
            if (e.status == HttpStatus.NOT_FOUND) throw e
            if (e.type == ProblemType.CONFLICT) return render(user.id, draft, null, FormErrors(general = e.detail), HttpStatus.CONFLICT)
            return render(user.id, draft, posted, FormErrors.of(e), HttpStatus.BAD_REQUEST)
        }
        if (action != "save") return redirectTo(DRAFT)
        val saved = try {
            transactions.saveDraft(user.id, draft.id, null)
        } catch (e: ApiException) {
            if (e.status == HttpStatus.NOT_FOUND) throw e
            return render(user.id, drafts.get(user.id), null, FormErrors.of(e), HttpStatus.BAD_REQUEST)
        }
        return redirect.flash("Expense saved.", "/app/transactions/${saved.transaction.id}")
    }

    @PostMapping("/documents")
    fun addDocument(
        @AuthenticationPrincipal user: WebUser, @RequestParam("file", required = false) files: List<MultipartFile>?,
        @RequestParam(defaultValue = "receipt") kind: String, redirect: RedirectAttributes,
    ): View = screens.upload(redirect, DRAFT, files, "Receipt added.") { open(user.id); drafts.addDocument(user.id, it, kind) }

    @PostMapping("/documents/{id}/delete")
    fun deleteDocument(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID, redirect: RedirectAttributes): View {
        drafts.deleteDocument(user.id, id)
        return redirect.flash("Receipt removed.", DRAFT)
    }

    @PostMapping("/items/{itemId}/images")
    fun addImage(
        @AuthenticationPrincipal user: WebUser, @PathVariable itemId: UUID, @RequestParam("file", required = false) files: List<MultipartFile>?,
        redirect: RedirectAttributes,
    ): View = screens.upload(redirect, DRAFT, files, "Photo added.") { drafts.addImage(user.id, itemId, it) }

    @PostMapping("/items/{itemId}/images/{id}/delete")
    fun deleteImage(@AuthenticationPrincipal user: WebUser, @PathVariable itemId: UUID, @PathVariable id: UUID, redirect: RedirectAttributes): View {
        drafts.deleteImage(user.id, itemId, id)
        return redirect.flash("Photo removed.", DRAFT)
    }

    /** The first post asks (so it holds without JavaScript); the confirmation page's post (`confirmed`) discards. */
    @PostMapping("/discard")
    fun discard(@AuthenticationPrincipal user: WebUser, @RequestParam(defaultValue = "false") confirmed: Boolean, redirect: RedirectAttributes): View {
        if (!confirmed) return discardConfirmPage(open(user.id))
        drafts.discard(user.id)
        return redirect.flash("Draft discarded.", "/app")
    }

    /** "Sellers near me" (JavaScript only: the browser's position): the person's seller locations within 1 km. */
    @GetMapping("/nearby")
    fun nearby(@AuthenticationPrincipal user: WebUser, @RequestParam lat: Double, @RequestParam lon: Double): ResponseEntity<String> {
        if (lat !in -90.0..90.0 || lon !in -180.0..180.0) return ResponseEntity.badRequest().build()
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(nearbyFragment(sellers.nearby(user.id, lat, lon, 1000.0, 10)))
    }

    /** The draft in progress, or a new one when there is none (the first visit, or after a save). */
    private fun open(userId: UUID): DraftView = try {
        drafts.get(userId) // the usual case, without the write lock that opening takes
    } catch (e: ApiException) {
        if (e.type != ProblemType.NO_DRAFT) throw e
        drafts.open(userId, NewDraftRequest()).draft
    }

    private fun render(userId: UUID, draft: DraftView, posted: TransactionFields?, errors: FormErrors, status: HttpStatus): View {
        val context = screens.context(userId, DRAFT, draft.documents, draft.items, draft.currency, draft.direction, draft.currency?.let { DraftService.total(draft.items) })
        val fields = posted ?: TransactionFields.of(draft, context.sellers.firstOrNull { it.id == draft.sellerId }?.name)
        return draftPage(draft.id, fields, errors, context, status)
    }
}

const val DRAFT = "/app/draft"

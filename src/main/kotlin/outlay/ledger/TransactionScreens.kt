package outlay.ledger

import org.springframework.http.HttpStatus
import org.springframework.stereotype.Component
import org.springframework.web.multipart.MultipartFile
import org.springframework.web.servlet.View
import org.springframework.web.servlet.mvc.support.RedirectAttributes
import outlay.accounts.AccountService
import outlay.categories.CategoryService
import outlay.platform.ApiException
import outlay.sellers.SellerService
import outlay.web.Flash
import outlay.web.FormErrors
import outlay.web.flash
import java.math.BigDecimal
import java.util.UUID

/**
 * What the draft screen and the edit screen share: the choices a form offers, reading a posted
 * form into a service request, and uploads. Only plumbing between forms and services: the rules
 * stay in [DraftService] and [TransactionService].
 */
@Component
class TransactionScreens(
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
    private val form: TransactionForm,
) {
    /** Three statements: accounts, categories, sellers with their locations (two). */
    fun context(
        userId: UUID, base: String, documents: List<DocumentView>, items: List<ItemView>, currency: String?, direction: Direction, total: BigDecimal?,
    ) = FormContext(
        base, accounts.list(userId, includeArchived = true), categories.list(userId, includeArchived = true), sellers.list(userId, includeArchived = false),
        documents, items.associate { it.id to it.images }, currency, total, direction,
    )

    /** A row's "Remove" button (`remove:<item id>`) leaves that row out of what is stored. */
    fun withoutRemoved(fields: TransactionFields, action: String): TransactionFields {
        val removed = action.removePrefix("remove:").takeIf { action.startsWith("remove:") } ?: return fields
        return fields.copy(items = fields.items.filterNot { it.id.toString() == removed })
    }

    /**
     * The posted form as a request. The seller is typed by name: an unknown name becomes a new
     * seller, but only once the rest of the form is valid. Its location is kept only while the
     * seller stays the one the form showed; "near me" ([nearby] = `sellerId/locationId`) sets both.
     */
    fun parse(userId: UUID, fields: TransactionFields, shownSellerId: UUID?, nearby: String?): TransactionForm.Result {
        val checked = form.toRequest(fields, null, null)
        val request = checked.request ?: return checked
        val near = nearby?.split('/')?.mapNotNull { runCatching { UUID.fromString(it) }.getOrNull() }?.takeIf { it.size == 2 }
        if (near != null) return TransactionForm.Result(request.copy(sellerId = near[0], sellerLocationId = near[1]), FormErrors.NONE)
        val sellerId = fields.seller.takeIf { it.isNotEmpty() }?.let { sellers.findOrCreate(userId, listOf(it))[it] }
        val locationId = fields.sellerLocationId.takeIf { sellerId != null && sellerId == shownSellerId }
            ?.let { runCatching { UUID.fromString(it) }.getOrNull() }
        return TransactionForm.Result(request.copy(sellerId = sellerId, sellerLocationId = locationId), FormErrors.NONE)
    }

    /**
     * Stores the first chosen file with [store] and goes back to [back] saying so. A refused file
     * (too big, wrong type, over the limit) changes nothing and says why; another person's id is the 404 page.
     */
    fun upload(redirect: RedirectAttributes, back: String, files: List<MultipartFile>?, done: String, store: (MultipartFile) -> Unit): View {
        val file = files.orEmpty().firstOrNull { !it.isEmpty } ?: return redirect.flash("Choose a file first.", back, Flash.Kind.ERROR)
        return try {
            store(file)
            redirect.flash(done, back)
        } catch (e: ApiException) {
            if (e.status == HttpStatus.NOT_FOUND) throw e
            redirect.flash("The file was not added. ${FormErrors.generalMessage(e)}", back, Flash.Kind.ERROR)
        }
    }
}

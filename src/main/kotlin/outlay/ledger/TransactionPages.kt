package outlay.ledger

import jakarta.servlet.http.HttpServletRequest
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.servlet.View
import outlay.accounts.AccountService
import outlay.platform.ApiException
import outlay.platform.Ids
import outlay.platform.Page
import outlay.web.FormErrors
import outlay.web.PageController
import outlay.web.Pages
import outlay.web.QueryParams
import outlay.web.WebUser
import outlay.platform.takeCodePoints
import java.time.LocalDate
import java.util.UUID

/**
 * Saved transactions in the browser: the list (the API's keyset pages, grouped by day) and one
 * transaction's detail. Editing, deleting and the files are separate pages.
 */
@PageController
@RequestMapping("/app/transactions")
class TransactionPages(private val transactions: TransactionService, private val accounts: AccountService) : Pages {

    @GetMapping
    fun list(@AuthenticationPrincipal user: WebUser, request: HttpServletRequest): View {
        val params = QueryParams.of(request)
        val query = ListQuery(
            ListFilter(params.uuid("accountId"), params.date("from"), params.date("to"), params.text("text")?.takeCodePoints(TransactionService.MAX_TEXT)),
            params.text("cursor"),
            params.date("continues"),
        )
        val accountList = accounts.list(user.id, includeArchived = true)
        val (page, refusal) = try {
            transactions.list(user.id, query.filter, query.cursor, PAGE_SIZE) to null
        } catch (e: ApiException) {
            Page(emptyList<TransactionView>(), null) to FormErrors.generalMessage(e)
        }
        val days = if (refusal != null) emptyList() else transactions.dayTotals(user.id, query.filter, page.items.map { it.date }.toSet())
        val problems = listOfNotNull(refusal) + params.errors.map { (name, text) -> "${name.replaceFirstChar { it.uppercase() }}: $text." }
        return transactionListPage(query, accountList, page, days, problems)
    }

    @GetMapping("/{id:${Ids.UUID_PATTERN}}")
    fun detail(@AuthenticationPrincipal user: WebUser, @PathVariable id: UUID): View {
        val transaction = transactions.get(user.id, id) // another user's id: not found, rendered as the 404 page
        return transactionDetailPage(transaction, accounts.find(user.id, transaction.accountId)?.name)
    }

    companion object {
        const val PAGE_SIZE = 50
    }
}

/** The list's filter and position, as the URL carries them. */
data class ListQuery(val filter: ListFilter, val cursor: String?, val continues: LocalDate? = null) {
    val filtered: Boolean get() = filter != ListFilter()

    /** The URL of this list at [cursor] (null: the first page). */
    /** The export of what this list shows, in the statistics filter's words (no dates: all time). */
    fun exportUrl() = "/app/export" + QueryParams.build(
        "accountIds" to filter.accountId, "from" to filter.from, "to" to filter.to, "text" to filter.text,
    )

    /** [continues]: the day the page before ended on, when this page is appended below it. */
    fun url(cursor: String? = null, continues: LocalDate? = null) = "/app/transactions" + QueryParams.build(
        "accountId" to filter.accountId, "from" to filter.from, "to" to filter.to, "text" to filter.text, "cursor" to cursor,
        "continues" to continues,
    )
}

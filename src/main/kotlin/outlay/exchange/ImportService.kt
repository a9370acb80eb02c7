package outlay.exchange

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.accounts.AccountService
import outlay.accounts.AccountView
import outlay.categories.CategoryService
import outlay.exchange.parse.Parsed
import outlay.exchange.parse.StatementException
import outlay.exchange.parse.StatementFiles
import outlay.exchange.parse.StatementInspection
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.Reads
import outlay.platform.ValidationException
import outlay.platform.takeCodePoints
import outlay.sellers.SellerService
import java.io.InputStream
import java.time.Clock
import java.util.UUID

/**
 * Imports a bank file in two steps, like the draft: upload (kept until confirmed), preview
 * (the whole file read, nothing written), confirm (the whole file recorded in one database
 * transaction, or nothing when any row has a problem). Rows already imported into the account
 * are recognised by their key and skipped.
 */
@Service
class ImportService(
    private val uploads: ImportUploadRepository,
    private val files: ImportFiles,
    private val keys: ImportedRowRepository,
    private val mappings: ImportMappingService,
    private val accounts: AccountService,
    private val categories: CategoryService,
    private val sellers: SellerService,
    private val recorder: ImportRecorder,
    private val clock: Clock,
) {
    @Transactional
    fun upload(userId: UUID, filename: String?, input: InputStream): UploadView {
        val id = Ids.next()
        val size = files.save(userId, id, input)
        if (size == 0L) {
            files.delete(userId, id)
            throw ValidationException("file", "is empty")
        }
        val row = UploadRow(id, userId, filename?.takeCodePoints(255), size, clock.instant(), null)
        uploads.insert(row)
        return view(row)
    }

    /** What was detected in the caller's upload (its columns for a mapping form); another user's is not found. */
    @Reads
    fun describe(userId: UUID, id: UUID): UploadView = view(find(userId, id, lock = false))

    private fun view(upload: UploadRow): UploadView {
        val inspection = inspect(upload.userId, upload.id)
        return UploadView(
            upload.id, upload.filename, upload.sizeBytes, inspection.format.name.lowercase(), inspection.charset.name(),
            inspection.csv?.columnNames.orEmpty(), inspection.csv?.settings?.toDto(), inspection.qif?.toDto(),
        )
    }

    /** What the confirmation of the caller's upload recorded; not found before it is confirmed. */
    @Reads
    fun result(userId: UUID, id: UUID): ImportResult = find(userId, id, lock = false).result ?: throw NotFoundException("Import not found.")

    @Reads
    fun preview(userId: UUID, id: UUID, request: ImportRequest): PreviewView {
        val upload = find(userId, id, lock = false)
        val account = account(userId, request.accountId)
        val reading = reading(userId, id, request)
        val categoryList = categories.list(userId, includeArchived = false)
        val planner = ImportPlanner(account.currency, categoryList)
        val collector = PreviewCollector(account.currency, categoryList.associate { it.id to it.name })
        walk(userId, upload.id, account, reading, planner) { chunk, existing ->
            for (planned in chunk) when (planned) {
                is Planned.Problem -> collector.problem(planned.problem)
                is Planned.Skip -> collector.skip()
                is Planned.Record -> collector.record(planned.transaction, planned.transaction.key in existing)
            }
        }
        val known = sellers.existingNames(userId, collector.sellerNames)
        val rows = collector.rows.map { row -> row.copy(newSeller = row.seller != null && !row.duplicate && row.seller.lowercase() !in known) }
        return PreviewView(
            id, account.id, reading.inspection.format.name.lowercase(), reading.settings.charset.name(),
            reading.inspection.csv?.columnNames.orEmpty(), reading.settings.csv?.toDto(), reading.csvSource, reading.settings.qif?.toDto(),
            rows, collector.rowCount, collector.toRecord, collector.duplicates, collector.duplicateLines, collector.skipped,
            collector.uncategorised, planner.fallback.name, collector.sellerNames.count { it !in known },
            collector.problemCount, collector.problems,
        )
    }

    /**
     * Records every new row, or nothing: the first problem rolls the whole import back. Confirming
     * an upload again answers with what the first confirmation recorded.
     */
    @Transactional
    fun confirm(userId: UUID, id: UUID, request: ImportRequest): Pair<ImportResult, Boolean> {
        val upload = find(userId, id, lock = true)
        upload.result?.let { return it to false }
        val account = account(userId, request.accountId)
        if (account.archived) throw ValidationException("accountId", "is archived; restore it to import into it")
        val reading = reading(userId, id, request)
        val planner = ImportPlanner(account.currency, categories.list(userId, includeArchived = false))
        val problems = ArrayList<ProblemView>()
        var recorded = 0
        var duplicates = 0
        var skipped = 0
        val recording = recorder.start(userId, account)
        walk(userId, id, account, reading, planner) { chunk, existing ->
            val fresh = ArrayList<PlannedTransaction>()
            for (planned in chunk) when (planned) {
                is Planned.Problem -> if (problems.size < PreviewCollector.LIMIT) problems += planned.problem.toView() else Unit
                is Planned.Skip -> skipped++
                is Planned.Record -> if (planned.transaction.key in existing) duplicates++ else fresh += planned.transaction
            }
            // after the first problem nothing more is written: the transaction rolls back anyway
            if (problems.isEmpty()) recording.record(fresh).also { recorded += fresh.size }
        }
        if (problems.isNotEmpty()) throw ImportRefused(problems)
        recording.finish()
        reading.settings.csv?.let { mappings.remember(userId, account.id, it) }
        val result = ImportResult(id, account.id, recorded, duplicates, skipped)
        uploads.confirm(userId, result, clock.instant())
        files.delete(userId, id)
        return result to true
    }

    /** Streams the upload in chunks of planned rows, each with the keys among them that the account already has. */
    private fun walk(
        userId: UUID, id: UUID, account: AccountView, reading: Reading, planner: ImportPlanner,
        block: (List<Planned>, Set<String>) -> Unit,
    ) {
        val seen = HashSet<String>()
        open(userId, id).use { input ->
            refusing {
                ImportReading.chunks(input, reading) { chunk ->
                    val planned = chunk.map { parsed ->
                        when (parsed) {
                            is Parsed.Problem -> Planned.Problem(parsed.problem)
                            is Parsed.Row -> planner.plan(parsed.row)
                        }
                    }
                    val records = planned.filterIsInstance<Planned.Record>().map { it.transaction.key }
                    // a key twice in one file (a repeated FITID) counts as a duplicate of its first row;
                    // fingerprints carry their occurrence number, so only the bank's ids need remembering
                    val repeated = records.filter { it.startsWith("id:") && !seen.add(it) }.toSet()
                    block(planned, keys.existing(userId, account.id, records) + repeated)
                }
            }
        }
    }

    /** A file that cannot be read on (a quote never closed, unmapped columns) is refused with where it broke. */
    private inline fun <T> refusing(block: () -> T): T = try {
        block()
    } catch (e: StatementException) {
        throw ImportRefused.of(e)
    }

    /** An account in the request body that is not the caller's is a bad reference (400), not a missing page. */
    private fun account(userId: UUID, id: UUID): AccountView = try {
        accounts.get(userId, id)
    } catch (e: NotFoundException) {
        throw ValidationException("accountId", "is not one of your accounts")
    }

    private fun reading(userId: UUID, id: UUID, request: ImportRequest): Reading {
        val remembered = mappings.remembered(userId, request.accountId)
        return ImportReading.decide(inspect(userId, id), request, remembered)
    }

    private fun inspect(userId: UUID, id: UUID): StatementInspection = open(userId, id).use { refusing { StatementFiles.inspect(it) } }

    private fun open(userId: UUID, id: UUID): InputStream =
        files.open(userId, id) ?: throw NotFoundException("The upload is gone (imported, or older than a day); upload the file again.")

    private fun find(userId: UUID, id: UUID, lock: Boolean) = uploads.find(userId, id, lock) ?: throw NotFoundException("Import not found.")
}

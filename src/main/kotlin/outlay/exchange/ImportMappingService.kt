package outlay.exchange

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.accounts.AccountService
import outlay.exchange.parse.CsvSettings
import outlay.platform.Reads
import java.time.Clock
import java.util.UUID

/** The CSV mapping remembered per account: the last one confirmed for it is the next import's default. */
@Service
class ImportMappingService(
    private val mappings: ImportMappingRepository,
    private val accounts: AccountService,
    private val clock: Clock,
) {
    /** The mapping last confirmed for the caller's [accountId], or null; another user's account is not found. */
    @Reads
    fun remembered(userId: UUID, accountId: UUID): CsvSettings? {
        accounts.get(userId, accountId)
        return mappings.find(userId, accountId)
    }

    @Transactional
    fun remember(userId: UUID, accountId: UUID, settings: CsvSettings) {
        accounts.get(userId, accountId)
        mappings.save(userId, accountId, settings, clock.instant())
    }
}

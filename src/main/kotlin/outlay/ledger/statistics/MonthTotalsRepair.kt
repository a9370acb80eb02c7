package outlay.ledger.statistics

import org.jooq.DSLContext
import org.jooq.SQLDialect
import org.slf4j.LoggerFactory
import org.springframework.beans.factory.DisposableBean
import org.springframework.beans.factory.InitializingBean
import org.springframework.beans.factory.annotation.Value
import org.springframework.stereotype.Component
import org.springframework.transaction.PlatformTransactionManager
import org.springframework.transaction.support.TransactionTemplate
import java.nio.file.Files
import java.nio.file.Path

/**
 * The embedded database after an unclean shutdown (`kill -9`, a crash, a power loss): before the
 * server takes requests, the monthly totals are recomputed from the saved transactions. Why:
 * the crash test once found, after a `kill -9` on H2, one grouping's monthly row (per account)
 * counting a transaction that neither the transactions table nor the other groupings had — every
 * write updates all of them in one database transaction, so that is the embedded engine's crash
 * recovery keeping part of an unfinished one. The transactions and items are the record; the
 * totals only derive from them, so they are rebuilt, and the number of rows that differed is
 * logged. A marker file in the data directory, present while the server runs, tells a clean stop
 * from a crash. PostgreSQL recovers its own transactions atomically and needs none of this.
 */
@Component
class MonthTotalsRepair(
    private val db: DSLContext,
    private val monthTotals: MonthTotals,
    transactions: PlatformTransactionManager,
    @Value("\${outlay.data-dir}") dataDir: Path,
) : InitializingBean, DisposableBean {
    private val log = LoggerFactory.getLogger(javaClass)
    private val marker: Path = dataDir.resolve("server.running")
    private val transaction = TransactionTemplate(transactions)

    /** Runs before the server takes requests (the connector starts after every singleton is ready). */
    override fun afterPropertiesSet() {
        if (db.dialect().family() != SQLDialect.H2) return
        if (Files.exists(marker)) repair()
        Files.createDirectories(marker.parent)
        Files.writeString(marker, ProcessHandle.current().pid().toString())
    }

    override fun destroy() {
        Files.deleteIfExists(marker)
    }

    private fun repair() {
        val started = System.nanoTime()
        val users = monthTotals.users()
        val changed = users.associateWith { user -> transaction.execute { monthTotals.rebuild(user) } }.filterValues { it > 0 }
        log.warn(
            "The server was not stopped cleanly: monthly totals recomputed for {} users in {} ms; {} rows differed ({} users)",
            users.size, (System.nanoTime() - started) / 1_000_000, changed.values.sum(), changed.size,
        )
    }
}

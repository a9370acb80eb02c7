package outlay.platform

import org.springframework.beans.factory.ObjectProvider
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizers
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.jdbc.datasource.ConnectionHolder
import org.springframework.jdbc.support.JdbcTransactionManager
import org.springframework.transaction.support.DefaultTransactionStatus
import org.springframework.transaction.support.TransactionSynchronizationManager
import javax.sql.DataSource

/**
 * Spring Boot's transaction manager, except that it does not roll back on a connection the pool
 * has already closed. When PostgreSQL terminates a session during a commit, the pool closes that
 * connection at once; Spring then tries to roll back on it, fails with "Connection is closed" (no
 * SQLSTATE), logs the original failure as an ERROR and throws the rollback failure instead, which
 * hides the outage from [DatabaseAvailability] and turns a 503 into a 500. The server has already
 * rolled back whatever a closed session left uncommitted, so there is nothing to undo; the commit's
 * own failure (SQLSTATE 57P01, 08006) then reaches the caller and is recognised as an outage. A
 * commit whose connection died may still have been applied: every create is idempotent by its
 * client id, so the client's retry finds it.
 */
class OutageTolerantTransactionManager(dataSource: DataSource) : JdbcTransactionManager(dataSource) {
    override fun doRollback(status: DefaultTransactionStatus) {
        val holder = TransactionSynchronizationManager.getResource(obtainDataSource()) as? ConnectionHolder
        if (holder != null && runCatching { holder.connection.isClosed }.getOrDefault(false)) return
        super.doRollback(status)
    }
}

@Configuration(proxyBeanMethods = false)
class OutageTolerantTransactionsConfig {
    /** Replaces Boot's `transactionManager` (it backs off when one exists) and keeps its customisations. */
    @Bean
    fun transactionManager(dataSource: DataSource, customizers: ObjectProvider<TransactionManagerCustomizers>) =
        OutageTolerantTransactionManager(dataSource).also { manager -> customizers.ifAvailable { it.customize(manager) } }
}

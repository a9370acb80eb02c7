package outlay.platform

import org.springframework.transaction.annotation.Propagation
import org.springframework.transaction.annotation.Transactional

/**
 * A service method that only reads: it holds one connection for its whole run (one checkout from the
 * pool, not one per statement) but opens no transaction, so each statement commits by itself. Every
 * read here runs at READ COMMITTED, where a transaction gives its statements no common snapshot (each
 * statement takes its own), so a read-only transaction added nothing but a `BEGIN READ ONLY` and a
 * `COMMIT` round trip to every read request: ten per flow of the performance lab (docs/performance.md).
 * A read that needs one snapshot across its statements asks for REPEATABLE READ itself (the full
 * export). Called inside a transaction, the method joins it.
 */
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.CLASS)
@Retention(AnnotationRetention.RUNTIME)
@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
annotation class Reads

package outlay.rates

import org.jooq.DSLContext
import org.jooq.Records
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.EXCHANGE_RATE
import outlay.db.tables.references.REFERENCE_RATE
import java.math.BigDecimal
import java.time.Instant
import java.time.LocalDate
import java.time.ZoneOffset
import java.util.UUID

/** 1 [base] = [rate] [quote] on [day]. */
data class RateRow(val day: LocalDate, val base: String, val quote: String, val rate: BigDecimal)

private val ROW = Records.mapping { day: LocalDate?, base: String?, quote: String?, rate: BigDecimal? -> RateRow(day!!, base!!, quote!!, rate!!) }

@Repository
class RateRepository(private val db: DSLContext) {

    fun list(userId: UUID, limit: Int): List<RateRow> =
        db.select(EXCHANGE_RATE.RATE_DATE, EXCHANGE_RATE.BASE, EXCHANGE_RATE.QUOTE, EXCHANGE_RATE.RATE)
            .from(EXCHANGE_RATE).where(EXCHANGE_RATE.USER_ID.eq(userId))
            .orderBy(EXCHANGE_RATE.RATE_DATE.desc(), EXCHANGE_RATE.BASE, EXCHANGE_RATE.QUOTE)
            .limit(limit)
            .fetch(ROW)

    /** Insert or replace: entering the same day and pair again is the same rate, not a second one. */
    fun put(userId: UUID, row: RateRow, at: Instant) {
        db.insertInto(EXCHANGE_RATE)
            .set(EXCHANGE_RATE.USER_ID, userId).set(EXCHANGE_RATE.RATE_DATE, row.day)
            .set(EXCHANGE_RATE.BASE, row.base).set(EXCHANGE_RATE.QUOTE, row.quote)
            .set(EXCHANGE_RATE.RATE, row.rate).set(EXCHANGE_RATE.UPDATED_AT, at.atOffset(ZoneOffset.UTC))
            .onConflict(EXCHANGE_RATE.USER_ID, EXCHANGE_RATE.BASE, EXCHANGE_RATE.QUOTE, EXCHANGE_RATE.RATE_DATE)
            .doUpdate().set(EXCHANGE_RATE.RATE, row.rate).set(EXCHANGE_RATE.UPDATED_AT, at.atOffset(ZoneOffset.UTC))
            .execute()
    }

    fun delete(userId: UUID, day: LocalDate, base: String, quote: String): Boolean =
        db.deleteFrom(EXCHANGE_RATE)
            .where(EXCHANGE_RATE.USER_ID.eq(userId), EXCHANGE_RATE.RATE_DATE.eq(day), EXCHANGE_RATE.BASE.eq(base), EXCHANGE_RATE.QUOTE.eq(quote))
            .execute() > 0

    /** The user's latest rate between [from] and [to] (either direction) on or before [day], as from -> to as stored. */
    fun latestOwn(userId: UUID, from: String, to: String, day: LocalDate): RateRow? =
        db.select(EXCHANGE_RATE.RATE_DATE, EXCHANGE_RATE.BASE, EXCHANGE_RATE.QUOTE, EXCHANGE_RATE.RATE)
            .from(EXCHANGE_RATE)
            .where(
                EXCHANGE_RATE.USER_ID.eq(userId), EXCHANGE_RATE.RATE_DATE.le(day),
                EXCHANGE_RATE.BASE.eq(from).and(EXCHANGE_RATE.QUOTE.eq(to)).or(EXCHANGE_RATE.BASE.eq(to).and(EXCHANGE_RATE.QUOTE.eq(from))),
            )
            // On one day a rate entered in the asked direction comes before its inverse.
            .orderBy(EXCHANGE_RATE.RATE_DATE.desc(), DSL.`when`(EXCHANGE_RATE.BASE.eq(from), 0).otherwise(1))
            .limit(1)
            .fetchOne(ROW)

    /** The latest reference rate between [from] and [to] (either direction) on or before [day]. */
    fun latestReference(from: String, to: String, day: LocalDate): RateRow? =
        db.select(REFERENCE_RATE.RATE_DATE, REFERENCE_RATE.BASE, REFERENCE_RATE.QUOTE, REFERENCE_RATE.RATE)
            .from(REFERENCE_RATE)
            .where(
                REFERENCE_RATE.RATE_DATE.le(day),
                REFERENCE_RATE.BASE.eq(from).and(REFERENCE_RATE.QUOTE.eq(to)).or(REFERENCE_RATE.BASE.eq(to).and(REFERENCE_RATE.QUOTE.eq(from))),
            )
            .orderBy(REFERENCE_RATE.RATE_DATE.desc(), DSL.`when`(REFERENCE_RATE.BASE.eq(from), 0).otherwise(1))
            .limit(1)
            .fetchOne(ROW)

    /** The user's rates between any two of [currencies] on or before [upTo]. */
    fun ownAmong(userId: UUID, currencies: Set<String>, upTo: LocalDate): List<RateRow> =
        db.select(EXCHANGE_RATE.RATE_DATE, EXCHANGE_RATE.BASE, EXCHANGE_RATE.QUOTE, EXCHANGE_RATE.RATE)
            .from(EXCHANGE_RATE)
            .where(EXCHANGE_RATE.USER_ID.eq(userId), EXCHANGE_RATE.RATE_DATE.le(upTo), EXCHANGE_RATE.BASE.`in`(currencies), EXCHANGE_RATE.QUOTE.`in`(currencies))
            .fetch(ROW)

    /** The reference rates between any two of [currencies] on or before [upTo]. */
    fun referenceAmong(currencies: Set<String>, upTo: LocalDate): List<RateRow> =
        db.select(REFERENCE_RATE.RATE_DATE, REFERENCE_RATE.BASE, REFERENCE_RATE.QUOTE, REFERENCE_RATE.RATE)
            .from(REFERENCE_RATE)
            .where(REFERENCE_RATE.RATE_DATE.le(upTo), REFERENCE_RATE.BASE.`in`(currencies), REFERENCE_RATE.QUOTE.`in`(currencies))
            .fetch(ROW)

    /**
     * Replaces the reference rates of the days in [rows] (a published file is the truth for the days it
     * lists), in chunks of multi-row statements.
     */
    fun replaceReference(rows: List<RateRow>) {
        rows.groupBy { it.day }.entries.chunked(100).forEach { chunk ->
            db.deleteFrom(REFERENCE_RATE).where(REFERENCE_RATE.RATE_DATE.`in`(chunk.map { it.key })).execute()
            chunk.flatMap { it.value }.chunked(1000).forEach { part ->
                db.insertInto(REFERENCE_RATE, REFERENCE_RATE.RATE_DATE, REFERENCE_RATE.BASE, REFERENCE_RATE.QUOTE, REFERENCE_RATE.RATE)
                    .valuesOfRows(part.map { DSL.row(it.day, it.base, it.quote, it.rate) })
                    .execute()
            }
        }
    }
}

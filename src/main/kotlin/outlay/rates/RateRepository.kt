package outlay.rates

import org.jooq.DSLContext
import org.jooq.Record4
import org.jooq.Records
import org.jooq.Select
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

    /** The user's rates of [pairs] (base to quote, as stored) on [first]..[last], and each pair's latest before [first]. */
    fun ownOf(userId: UUID, pairs: Set<Pair<String, String>>, first: LocalDate, last: LocalDate): List<RateRow> {
        val e = EXCHANGE_RATE
        val earlier = EXCHANGE_RATE.`as`("earlier")
        return periods(pairs) { (base, quote) ->
            val since = DSL.select(DSL.max(earlier.RATE_DATE)).from(earlier)
                .where(earlier.USER_ID.eq(userId), earlier.BASE.eq(base), earlier.QUOTE.eq(quote), earlier.RATE_DATE.lt(first))
            db.select(e.RATE_DATE, e.BASE, e.QUOTE, e.RATE).from(e)
                .where(e.USER_ID.eq(userId), e.BASE.eq(base), e.QUOTE.eq(quote), e.RATE_DATE.le(last), e.RATE_DATE.ge(DSL.coalesce(DSL.field(since), DSL.value(first))))
        }
    }

    /** The reference rates of [pairs] (base to quote, as stored) on [first]..[last], and each pair's latest before [first]. */
    fun referenceOf(pairs: Set<Pair<String, String>>, first: LocalDate, last: LocalDate): List<RateRow> {
        val r = REFERENCE_RATE
        val earlier = REFERENCE_RATE.`as`("earlier")
        return periods(pairs) { (base, quote) ->
            val since = DSL.select(DSL.max(earlier.RATE_DATE)).from(earlier)
                .where(earlier.BASE.eq(base), earlier.QUOTE.eq(quote), earlier.RATE_DATE.lt(first))
            db.select(r.RATE_DATE, r.BASE, r.QUOTE, r.RATE).from(r)
                .where(r.BASE.eq(base), r.QUOTE.eq(quote), r.RATE_DATE.le(last), r.RATE_DATE.ge(DSL.coalesce(DSL.field(since), DSL.value(first))))
        }
    }

    /**
     * One statement: a branch per pair, each an index range from the pair's latest rate before the
     * period (its lower bound, a scalar subquery the database evaluates once, by one index probe)
     * to the period's end, so a long rate history (the reference's since 1999) is never read whole.
     */
    private fun periods(pairs: Set<Pair<String, String>>, branch: (Pair<String, String>) -> Select<Record4<LocalDate?, String?, String?, BigDecimal?>>): List<RateRow> =
        if (pairs.isEmpty()) emptyList() else db.fetch(pairs.map(branch).reduce { all, next -> all.unionAll(next) }).map(ROW)

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

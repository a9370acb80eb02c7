package outlay.sellers

import org.jooq.DSLContext
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.records.SellerLocationRecord
import outlay.db.tables.records.SellerRecord
import outlay.db.tables.references.SELLER
import outlay.db.tables.references.SELLER_LOCATION
import outlay.platform.notNull
import java.time.Instant
import java.time.ZoneOffset
import java.util.UUID

data class SellerRow(val id: UUID, val userId: UUID, val name: String, val createdAt: Instant, val updatedAt: Instant, val archived: Boolean = false)

data class LocationRow(
    val id: UUID,
    val userId: UUID,
    val sellerId: UUID,
    val name: String?,
    val address: String?,
    val virtual: Boolean,
    val latitude: Double?,
    val longitude: Double?,
    val createdAt: Instant,
)

@Repository
class SellerRepository(private val db: DSLContext) {

    fun list(userId: UUID, includeArchived: Boolean): List<SellerRow> =
        db.selectFrom(SELLER).where(SELLER.USER_ID.eq(userId)).and(if (includeArchived) DSL.noCondition() else SELLER.ARCHIVED.isFalse)
            .orderBy(SELLER.NAME, SELLER.ID).fetch { it.toRow() }

    fun find(userId: UUID, id: UUID): SellerRow? =
        db.selectFrom(SELLER).where(SELLER.USER_ID.eq(userId), SELLER.ID.eq(id)).fetchOne()?.toRow()

    /** The caller's sellers among [ids] (for validating many references in one query). */
    fun findAll(userId: UUID, ids: Collection<UUID>): List<SellerRow> =
        if (ids.isEmpty()) emptyList()
        else db.selectFrom(SELLER).where(SELLER.USER_ID.eq(userId), SELLER.ID.`in`(ids)).fetch { it.toRow() }

    fun insert(row: SellerRow) {
        db.newRecord(SELLER).apply {
            id = row.id; userId = row.userId; name = row.name; archived = row.archived
            createdAt = row.createdAt.atOffset(ZoneOffset.UTC); updatedAt = row.updatedAt.atOffset(ZoneOffset.UTC)
        }.insert()
    }

    /** Sellers whose lower-cased name is among [lowerNames]: lower-cased name to id (the oldest wins a tie). */
    fun idsByName(userId: UUID, lowerNames: Collection<String>): Map<String, UUID> =
        if (lowerNames.isEmpty()) emptyMap()
        else lowerNames.chunked(1000).flatMap { chunk ->
            db.selectFrom(SELLER)
                .where(SELLER.USER_ID.eq(userId), DSL.lower(SELLER.NAME).`in`(chunk))
                .orderBy(SELLER.CREATED_AT.desc(), SELLER.ID.desc())
                .fetch { it.name.lowercase() to it.id }
        }.toMap()

    /** One multi-row insert. */
    fun insertAll(rows: List<SellerRow>) {
        if (rows.isEmpty()) return
        db.insertInto(SELLER, SELLER.ID, SELLER.USER_ID, SELLER.NAME, SELLER.CREATED_AT, SELLER.UPDATED_AT)
            .valuesOfRows(rows.map { DSL.row(it.id, it.userId, it.name, it.createdAt.atOffset(ZoneOffset.UTC), it.updatedAt.atOffset(ZoneOffset.UTC)) })
            .execute()
    }

    fun update(userId: UUID, id: UUID, name: String, archived: Boolean, at: Instant) {
        db.update(SELLER).set(SELLER.NAME, name).set(SELLER.ARCHIVED, archived).set(SELLER.UPDATED_AT, at.atOffset(ZoneOffset.UTC))
            .where(SELLER.USER_ID.eq(userId), SELLER.ID.eq(id)).execute()
    }

    /** The seller and its locations (they cascade). */
    fun delete(userId: UUID, id: UUID) {
        db.deleteFrom(SELLER).where(SELLER.USER_ID.eq(userId), SELLER.ID.eq(id)).execute()
    }

    /** The locations of all [sellerIds], in one query. */
    fun locations(userId: UUID, sellerIds: Collection<UUID>): List<LocationRow> =
        if (sellerIds.isEmpty()) emptyList()
        else db.selectFrom(SELLER_LOCATION)
            .where(SELLER_LOCATION.USER_ID.eq(userId), SELLER_LOCATION.SELLER_ID.`in`(sellerIds))
            .orderBy(SELLER_LOCATION.CREATED_AT, SELLER_LOCATION.ID)
            .fetch { it.toRow() }

    fun findLocation(userId: UUID, sellerId: UUID, id: UUID): LocationRow? =
        db.selectFrom(SELLER_LOCATION)
            .where(SELLER_LOCATION.USER_ID.eq(userId), SELLER_LOCATION.SELLER_ID.eq(sellerId), SELLER_LOCATION.ID.eq(id))
            .fetchOne()?.toRow()

    fun insertLocations(rows: List<LocationRow>) {
        if (rows.isEmpty()) return
        db.batchInsert(rows.map { it.toRecord() }).execute()
    }

    fun updateLocation(row: LocationRow) {
        db.update(SELLER_LOCATION)
            .set(SELLER_LOCATION.NAME, row.name)
            .set(SELLER_LOCATION.ADDRESS, row.address)
            .set(SELLER_LOCATION.IS_VIRTUAL, row.virtual)
            .set(SELLER_LOCATION.LATITUDE, row.latitude)
            .set(SELLER_LOCATION.LONGITUDE, row.longitude)
            .set(SELLER_LOCATION.CELL, Cells.of(row.latitude, row.longitude))
            .where(SELLER_LOCATION.USER_ID.eq(row.userId), SELLER_LOCATION.ID.eq(row.id))
            .execute()
    }

    fun deleteLocation(userId: UUID, id: UUID) {
        db.deleteFrom(SELLER_LOCATION).where(SELLER_LOCATION.USER_ID.eq(userId), SELLER_LOCATION.ID.eq(id)).execute()
    }

    private fun LocationRow.toRecord() = db.newRecord(SELLER_LOCATION).also {
        it.id = id; it.userId = userId; it.sellerId = sellerId; it.name = name; it.address = address
        it.isVirtual = virtual; it.latitude = latitude; it.longitude = longitude; it.cell = Cells.of(latitude, longitude)
        it.createdAt = createdAt.atOffset(ZoneOffset.UTC)
    }
}

// `archived` has a default, so the generated record types it nullable; the column is NOT NULL
private fun SellerRecord.toRow() = SellerRow(id, userId, name, createdAt.toInstant(), updatedAt.toInstant(), get(SELLER.ARCHIVED.notNull()))

internal fun SellerLocationRecord.toRow() =
    LocationRow(id, userId, sellerId, name, address, isVirtual, latitude, longitude, createdAt.toInstant())

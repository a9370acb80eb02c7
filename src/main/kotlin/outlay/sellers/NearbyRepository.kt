package outlay.sellers

import org.jooq.DSLContext
import org.jooq.Field
import org.jooq.impl.DSL
import org.springframework.stereotype.Repository
import outlay.db.tables.references.SELLER
import outlay.db.tables.references.SELLER_LOCATION
import outlay.platform.notNull
import java.util.UUID
import kotlin.math.cos
import kotlin.math.max
import kotlin.math.min

/** A latitude/longitude rectangle; [minLon] > [maxLon] means it crosses the antimeridian. */
data class BoundingBox(val minLat: Double, val maxLat: Double, val minLon: Double, val maxLon: Double) {

    /** The grid cells the box covers, or null when there are more than [max] of them. */
    fun cells(max: Int): List<Int>? {
        val lats = (Cells.index(minLat)..Cells.index(maxLat)).toList()
        val lons = if (minLon <= maxLon) (Cells.index(minLon)..Cells.index(maxLon)).toList()
        else (Cells.index(minLon)..Cells.index(180.0)).toList() + (Cells.index(-180.0)..Cells.index(maxLon)).toList()
        if (lats.size.toLong() * lons.size > max) return null
        return lats.flatMap { lat -> lons.map { lon -> Cells.key(lat, lon) } }
    }

    companion object {
        const val EARTH_RADIUS_METERS = 6_371_008.8

        /** The smallest box that contains every point within [radius] metres of ([lat], [lon]). */
        fun around(lat: Double, lon: Double, radius: Double): BoundingBox {
            val dLat = Math.toDegrees(radius / EARTH_RADIUS_METERS)
            val minLat = max(-90.0, lat - dLat)
            val maxLat = min(90.0, lat + dLat)
            val cosLat = min(cos(Math.toRadians(minLat)), cos(Math.toRadians(maxLat)))
            if (minLat <= -90.0 || maxLat >= 90.0 || cosLat <= 1e-9) return BoundingBox(minLat, maxLat, -180.0, 180.0)
            val dLon = Math.toDegrees(radius / (EARTH_RADIUS_METERS * cosLat))
            if (dLon >= 180.0) return BoundingBox(minLat, maxLat, -180.0, 180.0)
            val minLon = lon - dLon
            val maxLon = lon + dLon
            return BoundingBox(minLat, maxLat, if (minLon < -180) minLon + 360 else minLon, if (maxLon > 180) maxLon - 360 else maxLon)
        }
    }
}

/** 0.01-degree grid cells: the key the `seller_location.cell` column and its index hold. */
object Cells {
    fun index(degrees: Double): Int = kotlin.math.floor(degrees * 100).toInt()
    fun key(latIndex: Int, lonIndex: Int): Int = latIndex * 40000 + lonIndex
    fun of(lat: Double?, lon: Double?): Int? = if (lat == null || lon == null) null else key(index(lat), index(lon))
}

/**
 * The nearby-points-of-interest query. One statement: the rows come from the grid cells the
 * bounding box covers (an index lookup per cell on (user_id, cell)), or for very large radii
 * from a range scan on (user_id, latitude, longitude); the exact great-circle distance is
 * computed only for rows inside the box, and the database sorts and limits — typed rows end
 * to end.
 */
@Repository
class NearbyRepository(private val db: DSLContext) {

    fun nearby(userId: UUID, lat: Double, lon: Double, radius: Double, limit: Int): List<Pair<LocationRow, Pair<String, Double>>> {
        val box = BoundingBox.around(lat, lon, radius)
        val loc = SELLER_LOCATION
        val lonCondition = if (box.minLon <= box.maxLon) loc.LONGITUDE.between(box.minLon, box.maxLon)
        else loc.LONGITUDE.ge(box.minLon).or(loc.LONGITUDE.le(box.maxLon))
        val distanceExpr = haversine(lat, lon, loc.LATITUDE, loc.LONGITUDE)
        val distance = distanceExpr.`as`("distance")
        val sellerName = SELLER.NAME.notNull()
        return db.select(*loc.fields(), sellerName, distance)
            .from(loc).join(SELLER).on(SELLER.ID.eq(loc.SELLER_ID))
            .where(loc.USER_ID.eq(userId))
            .and(SELLER.ARCHIVED.isFalse) // an archived seller is not suggested
            .and(box.cells(MAX_CELLS)?.let { loc.CELL.`in`(it) } ?: DSL.noCondition())
            .and(loc.LATITUDE.between(box.minLat, box.maxLat))
            .and(lonCondition)
            .and(distanceExpr.le(radius))
            .orderBy(DSL.field(DSL.name("distance")), loc.ID)
            .limit(limit)
            .fetch { r -> r.into(loc).toRow() to (r.get(sellerName) to r.get(distance)) }
    }

    private companion object {
        /** Beyond this many cells (radius over ~3 km at mid latitudes) the band scan is cheaper. */
        const val MAX_CELLS = 64
    }

    private fun haversine(lat: Double, lon: Double, latField: Field<Double?>, lonField: Field<Double?>): Field<Double> {
        val dLat = DSL.rad(latField.minus(lat)).div(2)
        val dLon = DSL.rad(lonField.minus(lon)).div(2)
        val a = DSL.sin(dLat).mul(DSL.sin(dLat))
            .plus(DSL.cos(DSL.rad(DSL.value(lat))).mul(DSL.cos(DSL.rad(latField))).mul(DSL.sin(dLon)).mul(DSL.sin(dLon)))
        // least(1, a) guards asin against rounding just above 1 for antipodal points
        return DSL.inline(2 * BoundingBox.EARTH_RADIUS_METERS).mul(DSL.asin(DSL.sqrt(DSL.least(DSL.inline(1.0), a)))).coerce(Double::class.java)
    }
}

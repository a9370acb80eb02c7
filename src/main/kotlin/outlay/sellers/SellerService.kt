package outlay.sellers

import org.springframework.stereotype.Service
import org.springframework.transaction.annotation.Transactional
import outlay.platform.Ids
import outlay.platform.NotFoundException
import outlay.platform.Reads
import outlay.platform.ValidationException
import outlay.platform.validate
import java.time.Clock
import java.time.Instant
import java.util.UUID

@Service
class SellerService(
    private val sellers: SellerRepository,
    private val nearbyQuery: NearbyRepository,
    private val usages: List<SellerUsage>,
    private val clock: Clock,
) {

    /** The sellers with their locations (the archived too, when asked): two queries whatever the count. */
    @Reads
    fun list(userId: UUID, includeArchived: Boolean = true): List<SellerView> {
        val rows = sellers.list(userId, includeArchived)
        val locations = sellers.locations(userId, rows.map { it.id }).groupBy { it.sellerId }
        return rows.map { SellerView(it.id, it.name, locations[it.id].orEmpty().map { l -> l.toView() }, it.archived) }
    }

    /**
     * The ids of sellers named [names] (case-insensitively), creating those that do not exist,
     * in a constant number of statements: for imports, where a file names thousands of payees.
     */
    @Transactional
    fun findOrCreate(userId: UUID, names: Collection<String>): Map<String, UUID> {
        val wanted = names.map { it.trim() }.filter { it.isNotEmpty() }.distinctBy { it.lowercase() }
        if (wanted.isEmpty()) return emptyMap()
        val existing = sellers.idsByName(userId, wanted.map { it.lowercase() })
        val now = clock.instant()
        val created = wanted.filter { it.lowercase() !in existing }.map { SellerRow(Ids.next(), userId, it, now, now) }
        sellers.insertAll(created)
        val ids = existing + created.associate { it.name.lowercase() to it.id }
        return names.associateWith { ids.getValue(it.trim().lowercase()) }.filterKeys { it.isNotBlank() }
    }

    /** Which of [names] are already sellers of the user (lower-cased), for an import's preview. */
    @Reads
    fun existingNames(userId: UUID, names: Collection<String>): Set<String> =
        sellers.idsByName(userId, names.map { it.trim().lowercase() }.distinct()).keys

    @Reads
    fun get(userId: UUID, id: UUID): SellerView = view(userId, find(userId, id))

    /** For other modules, inside their transaction: whether the seller is the caller's. */
    fun exists(userId: UUID, id: UUID): Boolean = sellers.find(userId, id) != null

    /** For other modules: whether [locationId] is a location of the caller's seller [sellerId]. */
    fun hasLocation(userId: UUID, sellerId: UUID, locationId: UUID): Boolean = sellers.findLocation(userId, sellerId, locationId) != null

    /** For other modules: the names of the caller's sellers among [ids], in one query. */
    fun names(userId: UUID, ids: Collection<UUID>): Map<UUID, String> = sellers.findAll(userId, ids).associate { it.id to it.name }

    @Transactional
    fun create(userId: UUID, request: SellerRequest): SellerView {
        request.locations.forEachIndexed { i, l -> checkLocation(l, "locations[$i].") }
        val now = clock.instant()
        val seller = SellerRow(Ids.next(), userId, request.name.trim(), now, now, request.archived ?: false)
        sellers.insert(seller)
        sellers.insertLocations(request.locations.map { it.toRow(userId, seller.id, now) })
        return view(userId, seller)
    }

    /** Renames, and archives or restores when [SellerUpdate.archived] is given. */
    @Transactional
    fun rename(userId: UUID, id: UUID, request: SellerUpdate): SellerView {
        val seller = find(userId, id)
        val changed = seller.copy(name = request.name.trim(), archived = request.archived ?: seller.archived)
        sellers.update(userId, id, changed.name, changed.archived, clock.instant())
        return view(userId, changed)
    }

    /** Deletes a seller nothing refers to; one that transactions, the draft or a recurring rule name is archived instead. */
    @Transactional
    fun remove(userId: UUID, id: UUID): SellerRemoval {
        val seller = find(userId, id)
        if (usages.none { it.isSellerReferenced(userId, id) }) {
            sellers.delete(userId, id)
            return SellerRemoval.Deleted
        }
        sellers.update(userId, id, seller.name, true, clock.instant())
        return SellerRemoval.Archived(view(userId, seller.copy(archived = true)))
    }

    @Transactional
    fun addLocation(userId: UUID, sellerId: UUID, request: LocationRequest): LocationView {
        find(userId, sellerId)
        checkLocation(request, "")
        val row = request.toRow(userId, sellerId, clock.instant())
        sellers.insertLocations(listOf(row))
        return row.toView()
    }

    @Transactional
    fun updateLocation(userId: UUID, sellerId: UUID, id: UUID, request: LocationRequest): LocationView {
        val current = sellers.findLocation(userId, sellerId, id) ?: throw NotFoundException("Location not found.")
        checkLocation(request, "")
        val row = request.toRow(userId, sellerId, current.createdAt).copy(id = id)
        sellers.updateLocation(row)
        return row.toView()
    }

    @Transactional
    fun deleteLocation(userId: UUID, sellerId: UUID, id: UUID) {
        sellers.findLocation(userId, sellerId, id) ?: throw NotFoundException("Location not found.")
        sellers.deleteLocation(userId, id)
    }

    @Reads
    fun nearby(userId: UUID, lat: Double, lon: Double, radius: Double, limit: Int): List<NearbyLocation> {
        validate {
            check(lat in -90.0..90.0, "lat", "must be between -90 and 90")
            check(lon in -180.0..180.0, "lon", "must be between -180 and 180")
            check(radius in 1.0..100_000.0, "radius", "must be between 1 and 100000 metres")
            check(limit in 1..100, "limit", "must be between 1 and 100")
        }
        return nearbyQuery.nearby(userId, Coordinates.round(lat), Coordinates.round(lon), radius, limit).map { (location, rest) ->
            NearbyLocation(location.sellerId, rest.first, location.toView(), rest.second)
        }
    }

    private fun find(userId: UUID, id: UUID) = sellers.find(userId, id) ?: throw NotFoundException("Seller not found.")

    private fun view(userId: UUID, seller: SellerRow) =
        SellerView(seller.id, seller.name, sellers.locations(userId, listOf(seller.id)).map { it.toView() }, seller.archived)

    private fun checkLocation(l: LocationRequest, prefix: String) {
        if (!l.virtual && (l.latitude == null || l.longitude == null)) {
            throw ValidationException("${prefix}latitude", "a location that is not virtual needs latitude and longitude")
        }
    }

    private fun LocationRequest.toRow(userId: UUID, sellerId: UUID, createdAt: Instant) =
        LocationRow(
            Ids.next(), userId, sellerId, name?.trim()?.ifEmpty { null }, address?.trim()?.ifEmpty { null }, virtual,
            latitude?.let(Coordinates::round), longitude?.let(Coordinates::round), createdAt,
        )
}

/**
 * Coordinates are kept to 7 decimals (about 1 cm): finer is noise, and a value such as 1e-200
 * would make the distance arithmetic underflow in PostgreSQL (an error, not a zero).
 */
object Coordinates {
    fun round(degrees: Double): Double = java.math.BigDecimal.valueOf(degrees).setScale(7, java.math.RoundingMode.HALF_EVEN).toDouble()
}

package outlay.sellers

import jakarta.validation.Valid
import jakarta.validation.constraints.DecimalMax
import jakarta.validation.constraints.DecimalMin
import jakarta.validation.constraints.Pattern
import jakarta.validation.constraints.Size
import outlay.platform.CodePointLength
import outlay.platform.InputDomains
import java.util.UUID

data class SellerRequest(
    @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:CodePointLength(max = 200)
    val name: String,
    /** Archived sellers stay with their transactions and leave the pickers. */
    val archived: Boolean? = null,
    /** Only on create: locations to add with the seller. */
    @field:Valid @field:Size(max = 100)
    val locations: List<LocationRequest> = emptyList(),
)

/** A rename, and archive or restore: locations change under `/sellers/{sellerId}/locations`, so a rename's body has none (an unknown field is a 400). */
data class SellerUpdate(
    @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:CodePointLength(max = 200)
    val name: String,
    /** Archived sellers stay with their transactions and leave the pickers; omitted, the flag is kept. */
    val archived: Boolean? = null,
)

/** A shop, branch or website. Either [virtual], or with both coordinates. */
data class LocationRequest(
    @field:CodePointLength(max = 200)
    val name: String? = null,
    @field:CodePointLength(max = 500)
    val address: String? = null,
    val virtual: Boolean = false,
    @field:DecimalMin("-90") @field:DecimalMax("90")
    val latitude: Double? = null,
    @field:DecimalMin("-180") @field:DecimalMax("180")
    val longitude: Double? = null,
)

data class LocationView(
    val id: UUID,
    val sellerId: UUID,
    val name: String?,
    val address: String?,
    val virtual: Boolean,
    val latitude: Double?,
    val longitude: Double?,
)

data class SellerView(val id: UUID, val name: String, val locations: List<LocationView>, val archived: Boolean = false)

data class NearbyLocation(
    val sellerId: UUID,
    val sellerName: String,
    val location: LocationView,
    /** Great-circle distance from the query point, in metres. */
    val distanceMeters: Double,
)

fun LocationRow.toView() = LocationView(id, sellerId, name, address, virtual, latitude, longitude)

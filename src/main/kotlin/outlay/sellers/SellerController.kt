package outlay.sellers

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.responses.ApiResponse
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import jakarta.validation.constraints.DecimalMax
import jakarta.validation.constraints.DecimalMin
import jakarta.validation.constraints.Max
import jakarta.validation.constraints.Min
import org.springframework.http.HttpStatus
import org.springframework.http.ResponseEntity
import org.springframework.security.core.annotation.AuthenticationPrincipal
import org.springframework.security.oauth2.jwt.Jwt
import org.springframework.web.bind.annotation.DeleteMapping
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.PostMapping
import org.springframework.web.bind.annotation.PutMapping
import org.springframework.web.bind.annotation.RequestBody
import org.springframework.web.bind.annotation.RequestMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.ResponseStatus
import org.springframework.web.bind.annotation.RestController
import outlay.platform.Ids
import outlay.platform.userId
import java.util.UUID

@RestController
@RequestMapping("/sellers")
@Tag(name = "sellers")
class SellerController(private val sellers: SellerService) {

    @GetMapping
    fun list(@AuthenticationPrincipal jwt: Jwt, @RequestParam(defaultValue = "false") includeArchived: Boolean) =
        sellers.list(jwt.userId(), includeArchived)

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    fun create(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: SellerRequest) = sellers.create(jwt.userId(), body)

    @GetMapping("/nearby")
    @Operation(summary = "The caller's seller locations within radius metres of (lat, lon), nearest first")
    fun nearby(
        @AuthenticationPrincipal jwt: Jwt,
        @RequestParam @DecimalMin("-90") @DecimalMax("90") lat: Double,
        @RequestParam @DecimalMin("-180") @DecimalMax("180") lon: Double,
        @RequestParam(defaultValue = "1000") @DecimalMin("1") @DecimalMax("100000") radius: Double,
        @RequestParam(defaultValue = "20") @Min(1) @Max(100) limit: Int,
    ) = sellers.nearby(jwt.userId(), lat, lon, radius, limit)

    @GetMapping("/{id:${Ids.UUID_PATTERN}}")
    fun get(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = sellers.get(jwt.userId(), id)

    @PutMapping("/{id:${Ids.UUID_PATTERN}}")
    @Operation(summary = "Rename a seller, and archive or restore it (locations are managed under /sellers/{sellerId}/locations)")
    fun rename(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @Valid @RequestBody body: SellerUpdate) =
        sellers.rename(jwt.userId(), id, body)

    @DeleteMapping("/{id:${Ids.UUID_PATTERN}}")
    @Operation(summary = "Delete a seller nothing refers to (204), or archive one that transactions, the draft or a recurring rule name (200)")
    @ApiResponse(responseCode = "200", description = "Archived: something refers to the seller")
    @ApiResponse(responseCode = "204", description = "Deleted, with its locations")
    fun remove(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID): ResponseEntity<SellerView> =
        when (val removal = sellers.remove(jwt.userId(), id)) {
            SellerRemoval.Deleted -> ResponseEntity.noContent().build()
            is SellerRemoval.Archived -> ResponseEntity.ok(removal.seller)
        }

    // The seller is `sellerId` here, not `id`: a location's own `id` would otherwise share the name
    // (and did: link inference from a seller's body put a location's id into the seller's place).
    @PostMapping("/{sellerId}/locations")
    @ResponseStatus(HttpStatus.CREATED)
    fun addLocation(@AuthenticationPrincipal jwt: Jwt, @PathVariable sellerId: UUID, @Valid @RequestBody body: LocationRequest) =
        sellers.addLocation(jwt.userId(), sellerId, body)

    @PutMapping("/{sellerId}/locations/{locationId}")
    fun updateLocation(
        @AuthenticationPrincipal jwt: Jwt, @PathVariable sellerId: UUID, @PathVariable locationId: UUID,
        @Valid @RequestBody body: LocationRequest,
    ) = sellers.updateLocation(jwt.userId(), sellerId, locationId, body)

    @DeleteMapping("/{sellerId}/locations/{locationId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    fun deleteLocation(@AuthenticationPrincipal jwt: Jwt, @PathVariable sellerId: UUID, @PathVariable locationId: UUID) =
        sellers.deleteLocation(jwt.userId(), sellerId, locationId)
}

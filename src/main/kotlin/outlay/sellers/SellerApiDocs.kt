package outlay.sellers

import io.swagger.v3.oas.models.OpenAPI
import io.swagger.v3.oas.models.media.BooleanSchema
import io.swagger.v3.oas.models.media.NumberSchema
import io.swagger.v3.oas.models.media.ObjectSchema
import org.springdoc.core.customizers.OpenApiCustomizer
import org.springframework.stereotype.Component

/**
 * A location is virtual or has both coordinates ([SellerService] refuses anything else with a 400
 * naming latitude). Two optional fields cannot say that; `anyOf` can, so a client or a fuzzer that
 * follows the document never sends a location the server refuses.
 */
@Component
class SellerApiDocs : OpenApiCustomizer {
    override fun customise(openApi: OpenAPI) {
        val location = openApi.components?.schemas?.get(LocationRequest::class.simpleName) ?: return
        location.anyOf(
            listOf(
                ObjectSchema().addProperty("virtual", BooleanSchema()._enum(listOf(true))).required(listOf("virtual")),
                ObjectSchema().addProperty("latitude", NumberSchema()).addProperty("longitude", NumberSchema()).required(listOf("latitude", "longitude")),
            ),
        )
        location.description = "Virtual (a website), or with both latitude and longitude"
    }
}

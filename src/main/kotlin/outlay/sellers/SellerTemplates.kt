package outlay.sellers

import kotlinx.html.ButtonType
import kotlinx.html.FlowContent
import kotlinx.html.InputType
import kotlinx.html.a
import kotlinx.html.button
import kotlinx.html.checkBoxInput
import kotlinx.html.div
import kotlinx.html.h2
import kotlinx.html.id
import kotlinx.html.label
import kotlinx.html.li
import kotlinx.html.p
import kotlinx.html.section
import kotlinx.html.span
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View
import outlay.web.FormErrors
import outlay.web.FormValues
import outlay.web.Page
import outlay.web.Section
import outlay.web.appPage
import outlay.web.dangerCard
import outlay.web.emptyCard
import outlay.web.listRow
import outlay.web.newButton
import outlay.web.field
import outlay.web.formError
import outlay.web.icon
import outlay.web.pageHeader
import outlay.web.postForm
import outlay.web.submit

fun sellerListPage(sellers: List<SellerView>): View = appPage("Sellers", Section.SELLERS) {
    pageHeader("Sellers", "Shops, restaurants and websites you buy from.") {
        newButton("/app/sellers/new", "New seller")
    }
    if (sellers.isEmpty()) {
        emptyCard(
            "storefront", "No sellers yet",
            "Add the shops you buy from, with where they are: when you record an expense there, Outlay suggests them nearby.",
            "Add a seller", "/app/sellers/new",
        )
        return@appPage
    }
    val (archived, active) = sellers.partition { it.archived }
    sellerList("sellers", active)
    if (archived.isNotEmpty()) {
        h2("section-title") { +"Archived" }
        sellerList("archived-sellers", archived)
    }
}

private fun FlowContent.sellerList(listId: String, sellers: List<SellerView>) = div("card") {
    ul("list") {
        id = listId
        sellers.forEach { seller ->
            li { listRow("/app/sellers/${seller.id}", "storefront", seller.name, locationSummary(seller.locations)) { icon("chevron_right") } }
        }
    }
}

private fun locationSummary(locations: List<LocationView>) = when (locations.size) {
    0 -> "No location"
    1 -> locations[0].let { it.name ?: it.address ?: if (it.virtual) "Online" else "1 location" }
    else -> "${locations.size} locations"
}

fun newSellerPage(form: FormValues, errors: FormErrors): View =
    appPage("New seller", Section.SELLERS, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
        pageHeader("New seller", back = "/app/sellers" to "Sellers")
        div("card") {
            div("card-body") {
                postForm(page, "/app/sellers", "form") {
                    formError(errors)
                    field("Name", "name", form["name"], errors, hint = "For example: Corner Bakery, Online Books.") {
                        required = true; maxLength = "200"; autoFocus = true
                    }
                    div("actions") { submit("Create seller") }
                }
            }
        }
    }

/** A seller: rename it, see its locations, add one (with the browser's location) or remove one. */
fun sellerPage(seller: SellerView, form: FormValues, location: FormValues, errors: FormErrors): View =
    appPage(seller.name, Section.SELLERS, if (errors.isEmpty) HttpStatus.OK else HttpStatus.BAD_REQUEST) { page ->
        pageHeader(seller.name, back = "/app/sellers" to "Sellers")
        div("card") {
            div("card-body") {
                postForm(page, "/app/sellers/${seller.id}", "form") {
                    field("Name", "name", form["name"], errors) { required = true; maxLength = "200" }
                    label("check") {
                        checkBoxInput(name = "archived") { value = "true"; checked = form.checked("archived") }
                        +"Archived (kept for history, not suggested when recording)"
                    }
                    div("actions") { submit("Save", "button") }
                }
            }
        }
        section("section") {
            h2("section-title") { +"Locations" }
            div("card") {
                if (seller.locations.isEmpty()) {
                    p("card-body hint") { +"No location yet. Add one below, so the seller is suggested when you are nearby." }
                } else {
                    ul("list") {
                        id = "locations"
                        seller.locations.forEach { li { locationRow(page, seller, it) } }
                    }
                }
            }
        }
        section("section") {
            h2("section-title") { +"Add a location" }
            div("card") { div("card-body") { locationForm(page, seller, location, errors) } }
        }
        dangerCard(
            page, "/app/sellers/${seller.id}/remove", "Delete \u201c${seller.name}\u201d?", "Delete seller",
            "Deleted with its locations; a seller your transactions or recurring rules name is archived instead.",
        )
    }

private fun FlowContent.locationRow(page: Page, seller: SellerView, location: LocationView) = div("row") {
    span("chip-icon") { icon(if (location.virtual) "language" else "location_on") }
    span("row-main") {
        span("row-title") { +(location.name ?: location.address ?: if (location.virtual) "Online" else "Location") }
        span("row-sub") {
            +listOfNotNull(
                location.address.takeIf { location.name != null },
                if (location.latitude != null && location.longitude != null) "%.5f, %.5f".format(java.util.Locale.ROOT, location.latitude, location.longitude) else null,
                "Online".takeIf { location.virtual },
            ).joinToString(" · ")
        }
    }
    postForm(page, "/app/sellers/${seller.id}/locations/${location.id}/delete", "row-end") {
        button(type = ButtonType.submit, classes = "button ghost small") {
            attributes["aria-label"] = "Remove location ${location.name ?: location.address ?: ""}".trim()
            icon("delete")
        }
    }
}

private fun FlowContent.locationForm(page: Page, seller: SellerView, location: FormValues, errors: FormErrors) =
    postForm(page, "/app/sellers/${seller.id}/locations", "form") {
        formError(errors)
        div("form-grid two") {
            field("Location name (optional)", "name", location["name"], errors, hint = "E.g. Main Street branch.", id = "f-location-name") {
                maxLength = "200"
            }
            field("Address (optional)", "address", location["address"], errors) { maxLength = "500" }
            field("Latitude", "latitude", location["latitude"], errors, InputType.text) {
                attributes["inputmode"] = "decimal"; placeholder = "48.20849"
            }
            field("Longitude", "longitude", location["longitude"], errors, InputType.text) {
                attributes["inputmode"] = "decimal"; placeholder = "16.37208"
            }
        }
        div("actions") {
            button(type = ButtonType.button, classes = "button") { attributes["data-geolocate"] = ""; attributes["hidden"] = ""; icon("my_location"); +"Use my location" }
            span("hint") { attributes["data-geolocate-status"] = ""; attributes["aria-live"] = "polite" }
        }
        label("check") {
            checkBoxInput(name = "virtual") { value = "true"; checked = location.checked("virtual") }
            +"Online only (no place on the map)"
        }
        div("actions") { submit("Add location") }
    }

package outlay.web

/**
 * The Material Symbols icons a person may give a category — every one of them is in the sprite
 * (`static/assets/icons.svg`, built by scripts/icons/build-sprite.py, whose list starts with these).
 */
object Icons {
    val CATEGORY: List<String> = """
        restaurant home construction directions_car medical_services credit_card child_care household_supplies tv
        self_care checkroom book featured_seasonal_and_gifts emergency savings fitness_center category
        shopping_cart local_cafe local_bar local_gas_station pets flight train directions_bus call wifi bolt
        water_drop school sports_esports music_note movie spa content_cut local_pharmacy bakery_dining icecream
        park beach_access hotel work redeem volunteer_activism account_balance payments subscriptions
    """.trim().split(Regex("\\s+"))

    /** "directions_car" -> "directions car": the accessible name of an icon choice. */
    fun label(name: String) = name.replace('_', ' ')
}

package outlay.categories

import jakarta.validation.constraints.Pattern
import outlay.platform.CodePointLength
import outlay.platform.InputDomains
import java.util.UUID

data class CategoryRequest(
    @field:Pattern(regexp = InputDomains.NON_BLANK_TEXT, message = InputDomains.BLANK) @field:CodePointLength(max = 100)
    val name: String,
    /** A Material Symbols icon name, e.g. "restaurant". */
    @field:CodePointLength(min = 1, max = 64) @field:Pattern(regexp = "[a-z0-9_]+", message = "must be a Material Symbols name such as restaurant")
    val icon: String,
    /** Only when creating: the category this one sits under (one level deep). */
    val parentId: UUID? = null,
    /** On update: archive or restore. */
    val archived: Boolean = false,
)

data class CategoryView(
    val id: UUID,
    /** Set for the built-in categories shared by everyone, e.g. "food". */
    val key: String?,
    val name: String,
    val icon: String,
    val parentId: UUID?,
    val builtIn: Boolean,
    val archived: Boolean,
)

/** The short form embedded in transactions and statistics. */
data class CategoryRef(val id: UUID, val name: String, val icon: String) {
    companion object {
        /** The category from an outer join's columns, or null where the join found none. */
        fun joined(id: UUID?, name: String?, icon: String?): CategoryRef? =
            if (id == null || name == null || icon == null) null else CategoryRef(id, name, icon)
    }
}

fun CategoryRow.toView() = CategoryView(id, builtinKey, name, icon, parentId, userId == null, archived)

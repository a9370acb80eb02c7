package outlay.categories

import io.swagger.v3.oas.annotations.Operation
import io.swagger.v3.oas.annotations.tags.Tag
import jakarta.validation.Valid
import org.springframework.http.HttpStatus
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
import outlay.platform.userId
import java.util.UUID

@RestController
@RequestMapping("/categories")
@Tag(name = "categories")
class CategoryController(private val categories: CategoryService) {

    @GetMapping
    @Operation(summary = "Built-in categories and the caller's own")
    fun list(@AuthenticationPrincipal jwt: Jwt, @RequestParam(defaultValue = "false") includeArchived: Boolean) =
        categories.list(jwt.userId(), includeArchived)

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    fun create(@AuthenticationPrincipal jwt: Jwt, @Valid @RequestBody body: CategoryRequest) = categories.create(jwt.userId(), body)

    @GetMapping("/{id}")
    fun get(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = categories.get(jwt.userId(), id)

    @PutMapping("/{id}")
    @Operation(summary = "Rename, change the icon, archive or restore one of the caller's categories")
    fun update(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID, @Valid @RequestBody body: CategoryRequest) =
        categories.update(jwt.userId(), id, body)

    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    @Operation(summary = "Delete an unused category of the caller's (409 when items or a recurring rule use it, naming the rule: archive it instead)")
    fun delete(@AuthenticationPrincipal jwt: Jwt, @PathVariable id: UUID) = categories.delete(jwt.userId(), id)
}

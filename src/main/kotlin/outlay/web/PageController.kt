package outlay.web

import org.springframework.beans.propertyeditors.StringTrimmerEditor
import org.springframework.stereotype.Controller
import org.springframework.web.bind.WebDataBinder
import org.springframework.web.bind.annotation.ControllerAdvice
import org.springframework.web.bind.annotation.InitBinder

/**
 * Marks a controller of web pages (as opposed to the JSON API): its methods map a form or query
 * to one service call and return a page or a redirect.
 */
@Target(AnnotationTarget.CLASS)
@Retention(AnnotationRetention.RUNTIME)
@Controller
annotation class PageController

/**
 * Implemented by every [PageController], so [PageBinding] selects them by type. Spring tests an
 * advice's selector on every request, API requests included: an annotation selector searched the
 * controller's type hierarchy each time (~10 us per request in nearby's profile), a type
 * selector is one assignability check. PagesTest checks that no page controller lacks it.
 */
interface Pages

/**
 * Form fields arrive trimmed. An empty field stays an empty string, so a required one fails its
 * @NotBlank rule beside the field (the services store blank optional text as none).
 */
@ControllerAdvice(assignableTypes = [Pages::class])
class PageBinding {
    @InitBinder
    fun trimStrings(binder: WebDataBinder) = binder.registerCustomEditor(String::class.java, StringTrimmerEditor(false))
}

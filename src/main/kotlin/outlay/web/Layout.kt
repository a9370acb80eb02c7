package outlay.web

import kotlinx.html.BODY
import kotlinx.html.FlowContent
import kotlinx.html.HTML
import kotlinx.html.MAIN
import kotlinx.html.a
import kotlinx.html.body
import kotlinx.html.div
import kotlinx.html.h1
import kotlinx.html.head
import kotlinx.html.id
import kotlinx.html.lang
import kotlinx.html.li
import kotlinx.html.link
import kotlinx.html.main
import kotlinx.html.meta
import kotlinx.html.nav
import kotlinx.html.p
import kotlinx.html.script
import kotlinx.html.span
import kotlinx.html.title
import kotlinx.html.ul
import org.springframework.http.HttpStatus
import org.springframework.web.servlet.View

/** The app's top-level places; the navigation marks the one a page belongs to. */
enum class Section(val label: String, val href: String, val icon: String) {
    HOME("Home", "/app", "home"),
    TRANSACTIONS("Transactions", "/app/transactions", "receipt_long"),
    STATISTICS("Statistics", "/app/statistics", "bar_chart"),
    ACCOUNTS("Accounts", "/app/accounts", "account_balance_wallet"),
    CATEGORIES("Categories", "/app/categories", "category"),
    SELLERS("Sellers", "/app/sellers", "storefront"),
    IMPORT("Import", "/app/import", "archive"),
    EXPORT("Export", "/app/export", "unarchive"),
    MORE("More", "/app/more", "more_horiz"),
}

const val NEW_EXPENSE_HREF = "/app/draft"

/**
 * A signed-in page: head, navigation (a side bar on wide screens, a bottom bar with a central
 * "New expense" on phones), the flash message, then [content] inside `<main>`.
 * [section] is the navigation entry to highlight; [status] lets error pages keep their status.
 */
fun appPage(title: String, section: Section?, status: HttpStatus = HttpStatus.OK, content: MAIN.(Page) -> Unit): View =
    HtmlView(status) { page ->
        document(page, title)
        body {
            attributes["hx-boost"] = "true"
            skipLink()
            csrfToken(page)
            // layout classes go on a wrapper, not <body>: htmx's boosted navigation swaps the body's content only
            div("shell app") {
                sideNav(page, section)
                main("main") {
                    id = "main"
                    flashMessage(page.flash)
                    content(page)
                }
                tabBar(section)
            }
        }
    }

/** Sign in and sign up: the same head, a centred card, no navigation. */
fun publicPage(title: String, status: HttpStatus = HttpStatus.OK, content: MAIN.(Page) -> Unit): View =
    HtmlView(status) { page ->
        document(page, title)
        body {
            attributes["hx-boost"] = "true"
            csrfToken(page)
            div("shell public") {
                main("public-main") {
                    id = "main"
                    div("brand large") { brandMark(); span { +"Outlay" } }
                    flashMessage(page.flash)
                    content(page)
                }
            }
        }
    }

private fun HTML.document(page: Page, title: String) {
    lang = page.locale.toLanguageTag().ifEmpty { "en" }
    head {
        meta(charset = "utf-8")
        meta(name = "viewport", content = "width=device-width, initial-scale=1, viewport-fit=cover")
        title("$title · Outlay")
        meta(name = "color-scheme", content = "light dark")
        meta(name = "theme-color", content = "#f6f7f9") { attributes["media"] = "(prefers-color-scheme: light)" }
        meta(name = "theme-color", content = "#101217") { attributes["media"] = "(prefers-color-scheme: dark)" }
        link(rel = "icon", href = Assets.url("favicon.svg")) { attributes["type"] = "image/svg+xml" }
        link(rel = "stylesheet", href = Assets.css)
        // swap error responses too: a refused form comes back as a page with its errors in it
        meta(name = "htmx-config", content = """{"responseHandling":[{"code":"204","swap":false},{"code":"...","swap":true}],"historyCacheSize":0}""")
        script(src = Assets.htmx) { defer = true }
        script(src = Assets.js) { defer = true }
    }
}

private fun BODY.skipLink() = a("#main", classes = "skip-link") { +"Skip to content" }

/**
 * The CSRF token for requests htmx makes itself (app.js sends it as a header). It sits in the body,
 * not in a head meta tag: htmx's boosted navigation replaces the body only, and sign-in changes the token.
 */
private fun BODY.csrfToken(page: Page) = page.csrf?.let { token ->
    div {
        id = "csrf"
        attributes["hidden"] = ""
        attributes["data-header"] = token.headerName
        attributes["data-token"] = token.token
    }
}

private fun FlowContent.brandMark() = span("brand-mark") { icon("account_balance_wallet") }

private fun FlowContent.sideNav(page: Page, current: Section?) {
    nav("sidebar") {
        attributes["aria-label"] = "Main"
        a("/app", classes = "brand") { brandMark(); span { +"Outlay" } }
        a(NEW_EXPENSE_HREF, classes = "button primary block new-expense") { icon("add"); +"New expense" }
        navList(listOf(Section.HOME, Section.TRANSACTIONS, Section.STATISTICS), current)
        div("nav-heading") { +"Manage" }
        navList(listOf(Section.ACCOUNTS, Section.CATEGORIES, Section.SELLERS), current)
        div("nav-heading") { +"Data" }
        navList(listOf(Section.IMPORT, Section.EXPORT), current)
        div("sidebar-foot") {
            page.user?.let { user ->
                div("who") {
                    span("avatar") { attributes["aria-hidden"] = "true"; +user.displayName.take(1).uppercase() }
                    span("who-text") { span("who-name") { +user.displayName }; span("who-email") { +user.email } }
                }
            }
            signOutButton(page)
        }
    }
}

/** Sign-out is a POST with the CSRF token: a link could be triggered by another site. */
fun FlowContent.signOutButton(page: Page, classes: String = "button ghost block") =
    postForm(page, "/app/signout", "signout", attrs = mapOf("hx-boost" to "false")) { submit("Sign out", classes) }

private fun FlowContent.navList(sections: List<Section>, current: Section?) {
    ul("nav-list") {
        sections.forEach { section ->
            li {
                a(section.href, classes = "nav-link") {
                    if (section == current) attributes["aria-current"] = "page"
                    icon(section.icon)
                    span { +section.label }
                }
            }
        }
    }
}

private fun FlowContent.tabBar(current: Section?) {
    nav("tabbar") {
        attributes["aria-label"] = "Main (phone)"
        val more = current in setOf(Section.MORE, Section.ACCOUNTS, Section.CATEGORIES, Section.SELLERS, Section.IMPORT, Section.EXPORT)
        tab(Section.HOME, current == Section.HOME)
        tab(Section.TRANSACTIONS, current == Section.TRANSACTIONS)
        a(NEW_EXPENSE_HREF, classes = "tab tab-new") {
            span("tab-new-circle") { icon("add") }
            span("visually-hidden") { +"New expense" }
        }
        tab(Section.STATISTICS, current == Section.STATISTICS)
        tab(Section.MORE, more)
    }
}

private fun FlowContent.tab(section: Section, active: Boolean) {
    a(section.href, classes = "tab") {
        if (active) attributes["aria-current"] = "page"
        icon(section.icon)
        span("tab-label") { +section.label }
    }
}

/** A page's title with an optional way back and actions (e.g. "New account") beside it. */
fun FlowContent.pageHeader(title: String, subtitle: String? = null, back: Pair<String, String>? = null, actions: FlowContent.() -> Unit = {}) {
    back?.let { (href, text) -> a(href, classes = "back") { icon("arrow_back", "icon small"); +text } }
    div("page-head") {
        div {
            h1 { +title }
            subtitle?.let { p("sub") { +it } }
        }
        div("actions") { actions() }
    }
}

package outlay.ledger

import org.junit.jupiter.api.Test
import outlay.support.ApiTest
import outlay.support.Fixtures
import outlay.support.Ledger
import java.net.URLEncoder
import java.util.UUID
import kotlin.test.assertEquals

/**
 * The list's text filter as a whole: a transaction matches by its note, its seller's name or any
 * item's description or brand, once however many of them match, in the list's keyset order —
 * the same on H2 and on PostgreSQL, where the matches are looked up part by part.
 */
class TransactionSearchTest : ApiTest() {

    private fun Ledger.ids(query: String): List<String> {
        val seen = mutableListOf<String>()
        var cursor: String? = null
        do {
            val page = get("/transactions?$query" + (cursor?.let { "&cursor=$it" } ?: ""))
            assertEquals(200, page.status, page.body)
            seen += page.json.path("items").values().map { it.path("id").asString() }
            cursor = page.json.path("nextCursor").takeIf { !it.isNull }?.asString()
        } while (cursor != null)
        return seen
    }

    private fun text(value: String) = "text=" + URLEncoder.encode(value, Charsets.UTF_8)

    @Test
    fun `pages through every match once, newest first, whichever part matches, and never another user's`() {
        val me = Ledger(api)
        val wallet = me.account("Wallet")
        val card = me.account("Card")
        val baker = me.post("/sellers", mapOf("name" to "The Bread Shop")).text("id")
        val dairy = me.post("/sellers", mapOf("name" to "Dairy")).text("id")
        fun make(account: String, date: String, vararg items: Map<String, Any?>, extra: Map<String, Any?> = emptyMap()) =
            Ledger.ok(me.transaction(account, date, *items, extra = extra), 201).json.let { Triple(it.path("id").asString(), date, account) }
        val plain = me.item("1.00", Fixtures.FOOD, "description" to "Cheese")
        val matches = listOf(
            make(wallet, "2026-05-03", plain, extra = mapOf("note" to "Bread for the week")),
            make(wallet, "2026-05-03", plain, extra = mapOf("sellerId" to baker)),
            make(card, "2026-05-03", me.item("2.00", Fixtures.FOOD, "description" to "Sourdough BREAD")),
            make(wallet, "2026-05-02", me.item("2.50", Fixtures.FOOD, "description" to "Rolls", "brand" to "Breadsmith")),
            make(card, "2026-05-02", plain, me.item("0.80", Fixtures.FOOD, "description" to "bread crumbs")), // the second item
            // every part at once, two items among them: still one entry
            make(
                wallet, "2026-05-01", me.item("3.00", Fixtures.FOOD, "description" to "Bread"), me.item("1.00", Fixtures.FOOD, "brand" to "Bread Co"),
                extra = mapOf("note" to "bread", "sellerId" to baker),
            ),
            make(card, "2026-04-30", plain, extra = mapOf("note" to "gingerbread")),
        )
        val mine = listOf(
            make(wallet, "2026-05-03", plain, extra = mapOf("note" to "butter", "sellerId" to dairy)),
            make(card, "2026-05-01", me.item("4.00", Fixtures.FOOD, "description" to "Bred cattle")),
        )
        // Another user: the same words everywhere, under their own transactions and under two ids of mine
        // (ids are the client's choice): one of a transaction of mine that matches, one of one that does not.
        val other = Ledger(api)
        val theirs = other.account()
        val theirBaker = other.post("/sellers", mapOf("name" to "Bread Shop")).text("id")
        other.transaction(theirs, "2026-05-04", other.item("5.00", Fixtures.FOOD, "description" to "bread", "brand" to "bread"), extra = mapOf("note" to "bread", "sellerId" to theirBaker))
        for (id in listOf(matches[0].first, mine[0].first)) {
            val body = mapOf(
                "id" to id, "accountId" to theirs, "date" to "2026-05-03", "note" to "their bread", "sellerId" to theirBaker,
                "items" to listOf(mapOf("id" to UUID.randomUUID(), "amount" to "1.00", "categoryId" to Fixtures.FOOD, "description" to "bread")),
            )
            Ledger.ok(other.post("/transactions", body), 201)
        }

        val newestFirst = compareByDescending<Triple<String, String, String>> { it.second }.thenByDescending { UUID.fromString(it.first) }
        val expected = matches.sortedWith(newestFirst).map { it.first }
        assertEquals(expected, me.ids(text("BREAD") + "&limit=200"))
        val first = me.get("/transactions?" + text("bread") + "&limit=200").json.path("items").values().first { it.path("id").asString() == matches[0].first }
        assertEquals("Bread for the week", first.path("note").asString(), "my transaction under an id another user also holds")
        for (size in listOf(1, 2, 3)) assertEquals(expected, me.ids(text("bread") + "&limit=$size"), "pages of $size")
        assertEquals(matches.filter { it.third == card }.sortedWith(newestFirst).map { it.first }, me.ids(text("bread") + "&accountId=$card&limit=2"))
        assertEquals(
            matches.filter { it.second in "2026-05-01".."2026-05-02" }.sortedWith(newestFirst).map { it.first },
            me.ids(text("bread") + "&from=2026-05-01&to=2026-05-02&limit=2"),
        )
        assertEquals(emptyList(), me.ids(text("bread") + "&from=2026-05-04"), "another user's newer matches are not mine")
        assertEquals(emptyList(), other.ids(text("butter")) + other.ids(text("cheese")) + other.ids(text("dairy")), "nor mine theirs")
        assertEquals(listOf(mine[1].first), me.ids(text(" bred c ")), "the trimmed text, inner space included, is one literal piece")
        assertEquals(emptyList(), me.ids(text("rye")))

        val (_, unfiltered) = statements.count { me.get("/transactions?limit=3") }
        val (_, searched) = statements.count { me.get("/transactions?" + text("bread") + "&limit=3") }
        assertEquals(unfiltered, searched, "a search costs the statements of a plain page")
    }

    @Test
    fun `wildcards and the escape character are literal, short and accented words match in any case`() {
        val me = Ledger(api)
        val wallet = me.account()
        fun noted(note: String) = Ledger.ok(me.transaction(wallet, "2026-06-01", me.item("1.00"), extra = mapOf("note" to note)), 201).text("id")
        val underscore = noted("item_7")
        val other = noted("itemX7")
        val percent = noted("100% rye")
        val backslash = noted("C:\\temp")
        val accented = noted("Crème brûlée")
        assertEquals(listOf(underscore), me.ids(text("M_7")))
        assertEquals(listOf(percent), me.ids(text("0%")))
        assertEquals(emptyList(), me.ids(text("1%e")))
        assertEquals(listOf(backslash), me.ids(text("c:\\t")))
        assertEquals(emptyList(), me.ids(text("c:t")), "a backslash escapes nothing")
        assertEquals(listOf(accented), me.ids(text("BRÛLÉE")))
        assertEquals(listOf(other), me.ids(text("x")), "one letter: no trigram to look up, still found")
    }
}

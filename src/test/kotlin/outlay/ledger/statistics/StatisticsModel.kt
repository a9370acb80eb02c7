package outlay.ledger.statistics

import java.math.BigDecimal
import java.time.DayOfWeek
import java.time.LocalDate
import java.time.temporal.TemporalAdjusters
import java.util.UUID

/** The test's own record of what it stored, and a straightforward computation over it. */
data class ModelItem(val id: UUID, val position: Int, val minor: Long, val reduction: Boolean, val categoryId: UUID, val description: String, val hasImage: Boolean)

data class ModelTransaction(
    val id: UUID, val accountId: UUID, val currency: String, val direction: String, val mode: String, val date: LocalDate,
    val sellerId: UUID?, val note: String, val hasDocument: Boolean, val items: List<ModelItem>,
)

data class ModelFilter(
    val accountIds: Set<UUID> = emptySet(), val categoryIds: Set<UUID> = emptySet(), val modes: Set<String> = emptySet(),
    val sellerIds: Set<UUID> = emptySet(), val weekdays: Set<Int> = emptySet(), val from: LocalDate? = null, val to: LocalDate? = null,
    val direction: String? = null, val hasImage: Boolean? = null, val hasDocument: Boolean? = null, val text: String? = null,
) {
    fun toJson(): Map<String, Any?> = mapOf(
        "accountIds" to accountIds.map(UUID::toString), "categoryIds" to categoryIds.map(UUID::toString), "modes" to modes.toList(),
        "sellerIds" to sellerIds.map(UUID::toString), "weekdays" to weekdays.toList(), "from" to from?.toString(), "to" to to?.toString(),
        "direction" to direction, "hasImage" to hasImage, "hasDocument" to hasDocument, "text" to text,
    )
}

/** Per currency: expenses, income, transaction count, item count (money in minor units). */
data class Sums(val expenses: Long = 0, val income: Long = 0, val transactions: Set<UUID> = emptySet(), val items: Int = 0) {
    fun add(t: ModelTransaction, i: ModelItem): Sums {
        val signed = if (i.reduction) -i.minor else i.minor
        return if (t.direction == "expense") copy(expenses = expenses + signed, transactions = transactions + t.id, items = items + 1)
        else copy(income = income + signed, transactions = transactions + t.id, items = items + 1)
    }
}

class StatisticsModel(private val transactions: List<ModelTransaction>, private val parents: Map<UUID, UUID?>) {

    fun matching(f: ModelFilter): List<Pair<ModelTransaction, ModelItem>> {
        val categories = if (f.categoryIds.isEmpty()) emptySet() else parents.keys.filter { it in f.categoryIds || parents[it] in f.categoryIds }.toSet()
        return transactions.flatMap { t -> t.items.map { t to it } }.filter { (t, i) ->
            (f.accountIds.isEmpty() || t.accountId in f.accountIds) &&
                (categories.isEmpty() || i.categoryId in categories) &&
                (f.modes.isEmpty() || t.mode in f.modes) &&
                (f.sellerIds.isEmpty() || t.sellerId in f.sellerIds) &&
                (f.weekdays.isEmpty() || t.date.dayOfWeek.value in f.weekdays) &&
                (f.from == null || !t.date.isBefore(f.from)) && (f.to == null || !t.date.isAfter(f.to)) &&
                (f.direction == null || t.direction == f.direction) &&
                (f.hasImage == null || i.hasImage == f.hasImage) &&
                (f.hasDocument == null || t.hasDocument == f.hasDocument) &&
                (f.text == null || t.note.lowercase().contains(f.text.lowercase()) || i.description.lowercase().contains(f.text.lowercase()))
        }
    }

    fun <K> grouped(f: ModelFilter, key: (ModelTransaction, ModelItem) -> K): Map<Pair<K, String>, Sums> =
        matching(f).groupBy { (t, i) -> key(t, i) to t.currency }.mapValues { (_, rows) -> rows.fold(Sums()) { s, (t, i) -> s.add(t, i) } }

    fun parentOrSelf(category: UUID): UUID = parents[category] ?: category

    fun itemOrder(f: ModelFilter): List<UUID> = matching(f).sortedWith(
        compareByDescending<Pair<ModelTransaction, ModelItem>> { it.first.date }
            .then { a, b -> unsigned(b.first.id, a.first.id) }
            .thenBy { it.second.position },
    ).map { it.second.id }

    companion object {
        /** Databases order UUIDs by their bytes, i.e. as unsigned numbers. */
        fun unsigned(a: UUID, b: UUID): Int {
            val high = java.lang.Long.compareUnsigned(a.mostSignificantBits, b.mostSignificantBits)
            return if (high != 0) high else java.lang.Long.compareUnsigned(a.leastSignificantBits, b.leastSignificantBits)
        }

        fun periodStart(day: LocalDate, granularity: String): LocalDate = when (granularity) {
            "week" -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
            "month" -> day.withDayOfMonth(1)
            else -> day
        }

        fun money(minor: Long, digits: Int): String = BigDecimal.valueOf(minor, digits).toPlainString()
    }
}

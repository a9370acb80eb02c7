package outlay.lab

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.ConcurrentLinkedQueue

/**
 * Hands each virtual user a data-set user nobody else is using: a user has one draft, so
 * two virtual users on the same account would reset each other's draft. Least recently
 * used first, so logins spread over the whole set. Opening the draft returns the one in
 * progress, so a user whose flow broke off (its draft possibly left half done) is marked, and
 * the next virtual user on it discards that draft first.
 *
 * One pool per load-generator process ([shared]), not per Gatling run: the warm-up and every
 * level run in the same JVM, and a flow that broke off in one run (a 503 while the JIT warms
 * up, a level past the knee) leaves its draft for the next run's user of that account.
 */
class UserPool(size: Int) {
    private val free = ConcurrentLinkedQueue((1..size).toList())
    private val leftovers = ConcurrentHashMap.newKeySet<Int>()

    /**
     * 0 when every user is busy: lab-0 does not exist, so that virtual user's login fails and
     * shows up as an error in the report (an exception here would only end it silently).
     */
    fun take(): Int = free.poll() ?: 0

    /** Whether [userNo]'s last flow broke off; asking clears the mark (the caller discards the draft). */
    fun takeLeftover(userNo: Int): Boolean = leftovers.remove(userNo)

    fun release(userNo: Int, completed: Boolean) {
        if (userNo <= 0) return
        if (!completed) leftovers.add(userNo)
        free.add(userNo)
    }

    companion object {
        private val pools = ConcurrentHashMap<Int, UserPool>()

        /** The process's pool for a data set of [size] users, kept across the runs of a lab session. */
        fun shared(size: Int): UserPool = pools.computeIfAbsent(size, ::UserPool)
    }
}

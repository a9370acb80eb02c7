package outlay.lab

import java.util.concurrent.ConcurrentLinkedQueue

/**
 * Hands each virtual user a data-set user nobody else is using: a user has one draft, so
 * two virtual users on the same account would reset each other's draft. Least recently
 * used first, so logins spread over the whole set.
 */
class UserPool(size: Int) {
    private val free = ConcurrentLinkedQueue((1..size).toList())

    /**
     * 0 when every user is busy: lab-0 does not exist, so that virtual user's login fails and
     * shows up as an error in the report (an exception here would only end it silently).
     */
    fun take(): Int = free.poll() ?: 0

    fun release(userNo: Int) {
        if (userNo > 0) free.add(userNo)
    }
}

package outlay.lab

import java.util.concurrent.ConcurrentLinkedQueue

/**
 * Hands each virtual user a data-set user nobody else is using: a user has one draft, so
 * two virtual users on the same account would reset each other's draft. Least recently
 * used first, so logins spread over the whole set.
 */
class UserPool(size: Int) {
    private val free = ConcurrentLinkedQueue((1..size).toList())

    fun take(): Int = free.poll() ?: error("every lab user is busy: generate more users or offer a lower rate")

    fun release(userNo: Int) {
        free.add(userNo)
    }
}

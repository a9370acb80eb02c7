package outlay.support

import java.io.IOException
import java.net.Socket
import java.net.SocketTimeoutException

/**
 * Nothing has come from the server on this raw connection, neither bytes nor its end, within a
 * millisecond: it still holds the request (or, idle, the connection). Reads a byte if one came.
 */
fun Socket.isQuiet(): Boolean = try {
    soTimeout = 1
    getInputStream().read()
    false
} catch (_: SocketTimeoutException) {
    true
} catch (_: IOException) {
    false // reset: ended
}

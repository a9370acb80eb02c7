package outlay.lab

/** What bench/lab/run.sh passes to the simulation (-Dlab.*). */
data class LabSettings(
    val baseUrl: String,
    /** requests per second to offer, counting every request of every virtual user */
    val rate: Double,
    val seconds: Long,
    /** how many times each virtual user runs the flow after logging in */
    val flows: Int,
    /** lab-1 .. lab-N exist in the data set */
    val users: Int,
    val password: String,
    /** Gatling assertions (bench/lab/thresholds.json via run.sh): p95 of all requests at most this, in ms; null: none */
    val assertP95Ms: Double?,
    /** ... and failed requests at most this percentage; null: none */
    val assertErrorPercent: Double?,
) {
    companion object {
        fun fromSystemProperties() = LabSettings(
            baseUrl = System.getProperty("lab.baseUrl", "http://127.0.0.1:18080"),
            rate = System.getProperty("lab.rate", "50").toDouble(),
            seconds = System.getProperty("lab.seconds", "20").toLong(),
            flows = System.getProperty("lab.flows", "20").toInt(),
            users = System.getProperty("lab.users", "100").toInt(),
            password = System.getProperty("lab.password", "lab password"),
            assertP95Ms = System.getProperty("lab.assertP95Ms")?.takeIf { it.isNotBlank() }?.toDouble(),
            assertErrorPercent = System.getProperty("lab.assertErrorPercent")?.takeIf { it.isNotBlank() }?.toDouble(),
        ).also {
            require(it.baseUrl.startsWith("http://127.0.0.1:")) { "the lab only sends traffic to 127.0.0.1" }
            require(it.rate > 0 && it.seconds > 0 && it.flows > 0 && it.users > 0) { "rate, seconds, flows and users must be positive" }
        }
    }
}

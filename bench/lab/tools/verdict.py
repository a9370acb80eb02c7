"""The lab's judgement: its thresholds (bench/lab/thresholds.json, resolved into run.json by run.sh)
applied to a run, a stress level and a mode."""


def threshold_texts(t):
    """(key, description, kind) per threshold -- kinds: "seed" is the floor, "target" the pass line."""
    return [
        ("seed_p95", f"p95 < {t['seed_p95_ms']:g} ms (seed, green)", "seed"),
        ("seed_4xx", f"4xx < {t['seed_4xx_percent']:g} % (seed)", "seed"),
        ("seed_5xx", f"5xx < {t['seed_5xx_percent']:g} % (seed)", "seed"),
        ("target_rps", f"throughput >= {t['target_rps']:,g} requests/s", "target"),
        ("target_p95", f"p95 <= {t['target_p95_ms']:g} ms", "target"),
        ("target_errors", f"errors <= {t['target_error_percent']:g} %", "target"),
    ]


def verdicts(level, server, t):
    stats = level["gatling"]["requests"]["all"]
    errors = stats["ko"] + server.get("status_counts", {}).get("4xx", 0) + server.get("status_counts", {}).get("5xx", 0)
    return {
        "seed_p95": stats["p95"] < t["seed_p95_ms"],
        "seed_4xx": server.get("percent_4xx", 100) < t["seed_4xx_percent"],
        "seed_5xx": server.get("percent_5xx", 100) < t["seed_5xx_percent"],
        "target_rps": stats["rps"] >= t["target_rps"],
        "target_p95": stats["p95"] <= t["target_p95_ms"],
        "target_errors": 100 * errors / max(stats["count"], 1) <= t["target_error_percent"],
    }


def held(stats, t):
    """A stress level holds while p95 stays within the target and errors within the knee's allowance."""
    return stats["p95"] <= t["target_p95_ms"] and 100 * stats["ko"] / max(stats["count"], 1) <= t["knee_error_percent"]


def verdict(s):
    """The mode's verdict: what its exit status says."""
    if s["mode"] == "smoke":
        srv = s["result"]["server"].get("status_counts", {})
        errors = sum(l["errors"] for l in s["levels"]) + srv.get("4xx", 0) + srv.get("5xx", 0)
        return {"pass": errors == 0, "rule": "no errors", "errors": errors}
    failed = [k for k, v in s["result"]["thresholds"].items() if v["kind"] == "target" and not v["pass"]]
    if s["mode"] == "stress":
        # The pass line is a rate achieved, not offered: a level can hold its p95 at 1,000/s offered while the
        # server completes 866/s. Judged are the knee level's own target thresholds (achieved rate, p95, errors).
        t = s["thresholds"]
        if not (s["knee"] or {}).get("offered_rate"):
            failed = ["knee"]
        return {"pass": not failed, "failed": failed,
                "rule": f"a knee achieving at least {t['target_rps']:g} requests/s with p95 <= {t['target_p95_ms']:g} ms and no errors"}
    if s["mode"] != "soak":
        return {"pass": not failed, "rule": "every target threshold", "failed": failed}
    # The soak runs a fixed rate below the pass line for half an hour: it asks whether the server holds its
    # latency, errors and memory over time, not how fast it is (the stress run's question). Memory: the
    # resident set never above the target, and no growth from the window's start to its end beyond the allowance.
    t = s["thresholds"]
    rss = s["result"]["server"].get("rss_mb") or {}
    failed = [k for k in failed if k != "target_rps"]
    if rss.get("max") is None or rss["max"] > t["target_rss_mb"]:
        failed.append("target_rss")
    if rss.get("start") is None or rss.get("end") is None or rss["end"] > rss["start"] * (1 + t["soak_rss_growth_percent"] / 100):
        failed.append("rss_growth")
    rule = (f"p95 and errors within the targets, RSS at most {t['target_rss_mb']:g} MB and its end at most "
            f"{t['soak_rss_growth_percent']:g} % above its start; throughput is shown, not judged")
    return {"pass": not failed, "rule": rule, "failed": failed}

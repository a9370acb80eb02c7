"""Reads a Gatling run's stats.json: the numbers Gatling's own reader takes from the run's simulation.log,
written beside its HTML report by the load generator (src/test/kotlin/outlay/lab/GatlingStats.kt; the format
is documented in docs/performance.md, "The lab's result files"). The HTML report is for people; nothing here
reads it."""
import json
import os

STATS = "stats.json"


def read(run_folder):
    path = os.path.join(run_folder, STATS)
    with open(path, encoding="utf-8") as f:
        stats = json.load(f)
    if not stats.get("requests", {}).get("all", {}).get("count"):
        raise ValueError(f"no requests in {path}")
    for request in stats["requests"].values():  # the file keeps the exact mean rate; reports show it as Gatling's page does
        request["rps"] = round(request["rps"], 2)
    return {
        "requests": stats["requests"],
        "errors": stats["errors"],
        # [epoch ms, value] per time bucket (one second for runs shorter than Gatling's maxPlotsPerSeries seconds)
        "latency": stats["latency_ok_ms"],
        "responses_per_second": stats["responses_per_second"],
    }

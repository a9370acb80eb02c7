#!/usr/bin/env python3
"""Scrapes the server's /actuator/prometheus once a second while a lab run lasts and appends
one JSON line per scrape: time, CPU, heap, RSS (from /proc), GC, threads, pool, and request
counts by status class. Stops when the STOP file appears (or the server goes away).

usage: scrape.py BASE_URL SERVER_PID OUT.jsonl STOP_FILE
"""
import json
import os
import sys
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "lib"))
import promstats  # noqa: E402  (bench/lib: the Prometheus text parser the other benchmarks use)


# Prometheus name -> key in the sample; values of all matching series are added up.
SUMMED = {
    "process_cpu_usage": "process_cpu",
    "system_cpu_usage": "system_cpu",
    "process_cpu_time_ns_total": "process_cpu_ns",
    "jvm_gc_pause_seconds_sum": "gc_pause_seconds",
    "jvm_threads_live_threads": "threads",
    "hikaricp_connections_active": "db_active",
    "hikaricp_connections_pending": "db_pending",
}
HEAP = {"jvm_memory_used_bytes": "heap_used", "jvm_memory_committed_bytes": "heap_committed"}


def scrape(base):
    with urllib.request.urlopen(base + "/actuator/prometheus", timeout=5) as response:
        text = response.read().decode()
    sample = {"requests": {}}
    for (name, label_pairs), value in promstats.parse_text(text).items():
        labels = dict(label_pairs)
        if name == "http_server_requests_seconds_count" and not labels.get("uri", "").startswith("/actuator"):
            status = labels.get("status", "0")[0] + "xx"
            sample["requests"][status] = sample["requests"].get(status, 0.0) + value
        elif name in SUMMED or (name in HEAP and labels.get("area") == "heap"):
            key = SUMMED.get(name) or HEAP[name]
            sample[key] = sample.get(key, 0.0) + value
    return sample


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_by_role(server_pid):
    """CPU seconds used so far by the server, PostgreSQL and the load generator (Gatling),
    from /proc, so the report can say who had the two cores."""
    roles = {"server": 0.0, "postgres": 0.0, "gatling": 0.0}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            seconds = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
            if int(entry) == server_pid:
                roles["server"] += seconds
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read()
        except (OSError, IndexError, ValueError):
            continue
        if cmdline.startswith(b"postgres") or b"/bin/postgres" in cmdline:
            roles["postgres"] += seconds
        elif b"outlay.lab.LevelRunner" in cmdline or b"io.gatling" in cmdline or b"GatlingCLI" in cmdline:
            roles["gatling"] += seconds
    return roles


def rss_bytes(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def main(base, pid, out_path, stop_file):
    with open(out_path, "a") as out:
        while not os.path.exists(stop_file):
            started = time.time()
            try:
                sample = scrape(base)
            except OSError:
                if rss_bytes(pid) is None:
                    break
                sample = {"scrape_failed": True}
            sample["t"] = round(started, 3)
            sample["rss"] = rss_bytes(pid)
            sample["cpu_seconds"] = cpu_by_role(pid)
            out.write(json.dumps(sample) + "\n")
            out.flush()
            time.sleep(max(0.0, 1.0 - (time.time() - started)))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4])

"""The server's side of a time window (a level, a soak) from the once-a-second scrapes (tools/scrape.py):
requests and statuses, CPU by process group and per request, heap, resident memory, GC, waits for a connection."""


def server_window(samples, start, end):
    """Server-side numbers for one time window from the once-a-second scrapes."""
    inside = [s for s in samples if start <= s["t"] <= end and "heap_used" in s]
    if len(inside) < 2:
        return {}
    first, last = inside[0], inside[-1]
    seconds = last["t"] - first["t"]
    statuses = {k: last["requests"].get(k, 0) - first["requests"].get(k, 0) for k in set(first["requests"]) | set(last["requests"])}
    answered = sum(statuses.values())
    total = answered or 1
    by_role = cpu_by_role(inside, seconds)
    tenth = max(1, len(inside) // 10)
    return {
        "seconds": round(seconds, 1),
        "requests_per_second": round(total / seconds, 1) if seconds else None,
        "status_counts": {k: int(v) for k, v in sorted(statuses.items())},
        "percent_4xx": round(100 * statuses.get("4xx", 0) / total, 3),
        "percent_5xx": round(100 * statuses.get("5xx", 0) / total, 3),
        # CPU of the server process in cores (process_cpu_usage is a 0-1 share of all cores)
        "cpu_cores_mean": round((last["process_cpu_ns"] - first["process_cpu_ns"]) / 1e9 / seconds, 2) if seconds else None,
        "machine_cpu_percent_mean": round(100 * sum(s.get("system_cpu", 0) for s in inside) / len(inside), 1),
        # who had the cores: mean cores used by each process group over the window (/proc)
        "cpu_cores_by_role": by_role and {role: round(cores, 2) for role, cores in by_role.items()},
        "cpu_ms_per_request_by_role": per_request(by_role, answered / seconds if seconds else 0),
        "heap_used_mb": {"start": mb(first["heap_used"]), "end": mb(last["heap_used"]), "max": mb(max(s["heap_used"] for s in inside)),
                         # the lowest heap seen early and late: a leak shows as a rising floor
                         "floor_first_tenth": mb(min(s["heap_used"] for s in inside[:tenth])),
                         "floor_last_tenth": mb(min(s["heap_used"] for s in inside[-tenth:]))},
        "heap_committed_mb": mb(last["heap_committed"]),
        "rss_mb": {"start": mb(first.get("rss")), "end": mb(last.get("rss")), "max": mb(max(s.get("rss") or 0 for s in inside))},
        "gc_pause_seconds": round(last.get("gc_pause_seconds", 0) - first.get("gc_pause_seconds", 0), 3),
        "threads_max": int(max(s.get("threads", 0) for s in inside)),
        "db_pending_max": int(max(s.get("db_pending", 0) for s in inside)),
    }


def cpu_by_role(inside, seconds):
    """Mean cores per process group, unrounded; a process that exits (each Gatling run is a new JVM) makes
    its group's total drop, so only the increases between consecutive scrapes count."""
    pairs = [(a["cpu_seconds"], b["cpu_seconds"]) for a, b in zip(inside, inside[1:]) if "cpu_seconds" in a and "cpu_seconds" in b]
    if not pairs or not seconds:
        return None
    return {role: sum(max(0.0, b[role] - a.get(role, 0.0)) for a, b in pairs) / seconds for role in pairs[-1][1]}


def per_request(by_role, rps):
    """CPU milliseconds per request answered in the same window, by process group and in all (the targets' measure)."""
    if not by_role or not rps:
        return None
    return {role: round(1000 * cores / rps, 3) for role, cores in by_role.items()} | {"all": round(1000 * sum(by_role.values()) / rps, 3)}


def mb(value):
    return None if value is None else round(value / 1024 / 1024, 1)

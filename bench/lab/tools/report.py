#!/usr/bin/env python3
"""The lab's report: summary.json, summary.md and SVG plots from a run folder.

usage: report.py level GATLING_DIR RUN_JSON -> "p95_ms error_percent rps held|failed" of one Gatling run
       report.py summary OUT                  -> exit status 0 when the mode's verdict passes, 1 when not

Thresholds come from run.json (bench/lab/thresholds.json, as run.sh resolved it). The verdict:
smoke, no errors (timings shown, not judged); load, every target threshold; soak, p95, errors and
the server's resident memory (bounded and not growing; throughput shown, not judged); stress, a
knee whose achieved rate, p95 and errors meet the targets.

OUT holds run.json (mode, settings, reference ceilings; written by run.sh), levels.jsonl (one
line per Gatling run: offered rate, window, report folder, profile), scrape.jsonl (the server's
metrics once a second, tools/scrape.py) and gatling/<run>/stats.json (Gatling's results, tools/gatling_report.py;
beside it Gatling's HTML report, for people).
"""
import json
import os
import sys

import gatling_report
import profile_summary
import plots as charts
from verdict import held, threshold_texts, verdict, verdicts
from window import mb, server_window

SEED_RPS = 10  # where the seed system ended on the same two cores


def read_jsonl(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def summarize(out):
    run = json.load(open(os.path.join(out, "run.json")))
    t = run["thresholds"]
    samples = read_jsonl(os.path.join(out, "scrape.jsonl"))
    levels = []
    for level in read_jsonl(os.path.join(out, "levels.jsonl")):
        level["gatling"] = gatling_report.read(os.path.join(out, level["dir"]))
        # the window the load actually ran in (Maven and Gatling take seconds to start)
        seconds = [t / 1000 for t, _ in level["gatling"]["responses_per_second"]]
        if seconds:
            level["start"], level["end"] = seconds[0], seconds[-1] + 1
        level["server"] = server_window(samples, level["start"], level["end"])
        if not level["server"]:  # judged on nothing, a run would pass: no metrics is an error
            raise SystemExit(f"error: no server metrics scraped during {level['name']} (scrape.jsonl); the run cannot be judged")
        level["verdicts"] = verdicts(level, level["server"], t)
        levels.append(level)
    if not levels:
        raise SystemExit("no Gatling run in " + out)
    if run["mode"] == "stress":
        holding = [l for l in levels if held(l["gatling"]["requests"]["all"], t)]
        result = max(holding, key=lambda l: l["rate"]) if holding else levels[0]
        knee = {"offered_rate": result["rate"] if holding else None,
                "achieved_rps": result["gatling"]["requests"]["all"]["rps"] if holding else None,
                "first_failing_rate": min((l["rate"] for l in levels if not held(l["gatling"]["requests"]["all"], t)), default=None),
                # the knee's CPU profile: a run of its own at the knee's rate after the levels (run.sh), so that no
                # judged level carries the profiler (older folders: the knee level's own profile)
                "profile": next((p["profile"] for p in read_jsonl(os.path.join(out, "profile.jsonl")) if p["rate"] == result["rate"]),
                                result.get("profile")) if holding else None}
    else:
        result, knee = levels[-1], None
    stats = result["gatling"]["requests"]["all"]
    summary = {
        "mode": run["mode"],
        "settings": run["settings"],
        "machine": run.get("machine"),
        "data": run.get("data"),
        "references": run.get("references"),
        "thresholds": t,
        "tools": run.get("tools"),
        "result": {
            "offered_rate": result["rate"], "achieved_rps": stats["rps"], "requests": int(stats["count"]), "errors": int(stats["ko"]),
            "p50_ms": stats["p50"], "p95_ms": stats["p95"], "p99_ms": stats["p99"], "max_ms": stats["max"],
            "times_seed": round(stats["rps"] / SEED_RPS, 1),
            "server": result["server"],
            "thresholds": {key: {"description": text, "kind": kind, "pass": result["verdicts"][key]} for key, text, kind in threshold_texts(t)},
            "per_request": {name: {k: v[k] for k in ("count", "ko", "rps", "p50", "p95", "p99", "max")}
                            for name, v in sorted(result["gatling"]["requests"].items()) if name != "all"},
            "errors_by_message": result["gatling"]["errors"],
        },
        "knee": knee,
        "levels": [{"offered_rate": l["rate"], "achieved_rps": l["gatling"]["requests"]["all"]["rps"],
                    "p50_ms": l["gatling"]["requests"]["all"]["p50"], "p95_ms": l["gatling"]["requests"]["all"]["p95"],
                    "p99_ms": l["gatling"]["requests"]["all"]["p99"], "errors": int(l["gatling"]["requests"]["all"]["ko"]),
                    "requests": int(l["gatling"]["requests"]["all"]["count"]), "held": held(l["gatling"]["requests"]["all"], t),
                    "server_cpu_cores": l["server"].get("cpu_cores_mean"), "machine_cpu_percent": l["server"].get("machine_cpu_percent_mean"),
                    "cpu_cores_by_role": l["server"].get("cpu_cores_by_role"), "cpu_ms_per_request": l["server"].get("cpu_ms_per_request_by_role"),
                    "report": l["dir"], "profile": l.get("profile")} for l in levels],
    }
    summary["ratios"] = ratios(summary)
    summary["verdict"] = verdict(summary)
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)
    plots(out, run, levels, samples)
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write(markdown(summary, out))
    return summary


def ratios(summary):
    refs, result = summary.get("references") or {}, summary["result"]
    out = {}
    if refs.get("trivial_rps"):
        out["flow_vs_trivial_endpoint"] = round(result["achieved_rps"] / refs["trivial_rps"], 3)
    lst = result["per_request"].get("10 list")
    if refs.get("list_sql_ms") and lst:
        out["list_p50_vs_sql_latency"] = round(lst["p50"] / refs["list_sql_ms"], 1)
    return out


def plots(out, run, levels, samples):
    t = run["thresholds"]
    origin = levels[0]["start"]
    rel = lambda ms: ms / 1000 - origin
    latency, responses = {"50": [], "95": [], "99": []}, []
    for level in levels:
        for p in latency:
            latency[p] += [(rel(t), v) for t, v in level["gatling"]["latency"][p]]
        responses += [(rel(t), v) for t, v in level["gatling"]["responses_per_second"]]
    server = [s for s in samples if "heap_used" in s and levels[0]["start"] - 5 <= s["t"] <= levels[-1]["end"] + 5]
    server_rps = [((b["t"] - origin), sum(b["requests"].values()) - sum(a["requests"].values())) for a, b in zip(server, server[1:])]
    charts.line_chart(os.path.join(out, "throughput.svg"), f"Throughput ({run['mode']})", "seconds", "requests / s",
                       [("responses/s (Gatling)", responses), ("requests/s (server)", server_rps)],
                       hlines=[(f"target {t['target_rps']:,g}/s", t["target_rps"]), ("seed 10/s", SEED_RPS)], markers=False)
    charts.line_chart(os.path.join(out, "latency.svg"), f"Response time percentiles per second ({run['mode']})", "seconds", "ms",
                       [(f"p{p}", latency[p]) for p in latency], hlines=[(f"target p95 {t['target_p95_ms']:g} ms", t["target_p95_ms"])], markers=False)
    charts.line_chart(os.path.join(out, "server.svg"), "Server process", "seconds", "cores / GiB",
                       [("CPU (cores)", cpu_series(server, origin)),
                        ("heap used (GiB)", [(s["t"] - origin, s["heap_used"] / 2 ** 30) for s in server]),
                        ("RSS (GiB)", [(s["t"] - origin, (s.get("rss") or 0) / 2 ** 30) for s in server])], markers=False)
    if run["mode"] == "stress":
        by_rate = sorted(levels, key=lambda l: l["rate"])
        charts.line_chart(os.path.join(out, "stress-latency.svg"), "Latency against offered rate", "offered requests / s", "ms",
                           [(f"p{p}", [(l["rate"], l["gatling"]["requests"]["all"][f"p{p}"]) for l in by_rate]) for p in ("50", "95", "99")],
                           hlines=[(f"target p95 {t['target_p95_ms']:g} ms", t["target_p95_ms"])])
        charts.line_chart(os.path.join(out, "stress-throughput.svg"), "Achieved against offered rate", "offered requests / s", "requests / s",
                           [("achieved", [(l["rate"], l["gatling"]["requests"]["all"]["rps"]) for l in by_rate]),
                            ("offered", [(l["rate"], l["rate"]) for l in by_rate])])


def cpu_series(server, origin):
    return [(b["t"] - origin, (b["process_cpu_ns"] - a["process_cpu_ns"]) / 1e9 / (b["t"] - a["t"])) for a, b in zip(server, server[1:]) if b["t"] > a["t"]]


def markdown(s, out):
    r, srv = s["result"], s["result"]["server"]
    # whether the reported level itself ran with the profiler attached (before 2026-12-05 every stress level did)
    result_profiled = any(l["profile"] and l["offered_rate"] == r["offered_rate"] for l in s["levels"])
    lines = [f"# Outlay lab: {s['mode']}", ""]
    st = s["settings"]
    offered = (f"Offered rate stepped up by {st['step']} requests/s from {st['start']}"
               + (f", then by {st['fine_step']} from the last level held" if st.get("fine_step") else "") if s["mode"] == "stress"
               else f"Offered {st['rate']:g} requests/s")
    # the flow's requests as Gatling named them: all but the login (and the discarding of a broken-off flow's draft)
    flow = sum(1 for name in r["per_request"] if not name.startswith("01 "))
    lines.append(f"{offered}, {st['seconds']} s per run after a {st.get('warmup_seconds', 0)} s warm-up; each virtual user logs in "
                 f"once and runs the {flow}-request flow {st['flows']} times; {st['users']:,} users, {st['transactions']:,} transactions.")
    if s.get("machine"):
        lines.append(f"Machine: {s['machine']}.")
    if s.get("data"):
        d = s["data"]
        lines.append(f"Data: {d['transactions']:,} transactions with {d['items']:,} items ({d['database_size']}), generated in "
                     f"{d['generate_seconds']} s, then vacuumed and checkpointed in {d['vacuum_and_checkpoint_seconds']} s"
                     + (f"; this run used {d['origin']}." if d.get("origin") else "."))
    lines += ["", "## Result", ""]
    if s["knee"]:
        k = s["knee"]
        lines.append(f"Knee (highest offered rate that held p95 <= {s['thresholds']['target_p95_ms']:g} ms and errors <= "
                     f"{s['thresholds']['knee_error_percent']:g} %): "
                     + (f"**{k['offered_rate']} requests/s offered, {k['achieved_rps']} achieved**" if k["offered_rate"] is not None
                        else "**none**: no level held")
                     + f"; first failing rate: {k['first_failing_rate']}.")
        lines.append("")
    lines += [f"- throughput: **{r['achieved_rps']} requests/s** ({r['times_seed']}x the seed's {SEED_RPS}/s), {r['requests']} requests, {r['errors']} errors",
              f"- latency: p50 {r['p50_ms']} ms, p95 **{r['p95_ms']} ms**, p99 {r['p99_ms']} ms, max {r['max_ms']} ms",
              f"- server: {srv.get('cpu_cores_mean')} cores of CPU on average (whole machine {srv.get('machine_cpu_percent_mean')} % busy), "
              f"GC pauses {srv.get('gc_pause_seconds')} s, up to {srv.get('threads_max')} threads, responses by status {srv.get('status_counts')}",
              f"- CPU by process (cores, of {s['settings'].get('cpus', 2)}): {srv.get('cpu_cores_by_role')}, per request (ms) {srv.get('cpu_ms_per_request_by_role')}; "
              f"up to {srv.get('db_pending_max')} requests waiting for one of the server's database connections",
              f"- memory (MB): heap used {span(srv.get('heap_used_mb'))} (lowest in the first tenth {srv.get('heap_used_mb', {}).get('floor_first_tenth')}, "
              f"in the last tenth {srv.get('heap_used_mb', {}).get('floor_last_tenth')}), RSS {span(srv.get('rss_mb'))}"
              + (" (with the CPU profiler attached, whose memory it includes)"
                 if result_profiled else ""), ""]
    v = s["verdict"]
    failed = f" Failed: {', '.join(v['failed'])}." if v.get("failed") else ""
    lines += [f"**Verdict: {'PASS' if v['pass'] else 'FAIL'}** ({s['mode']}: {v['rule']}; the exit status of bench/lab/run.sh says the same).{failed}", ""]
    if s["mode"] == "smoke":
        lines += ["Smoke runs fail on any error only; the timing thresholds below are shown, not applied.", ""]
    lines += ["| threshold | kind | pass |", "|---|---|---|"]
    lines += [f"| {t['description']} | {t['kind']} | {'PASS' if t['pass'] else 'FAIL'} |" for t in r["thresholds"].values()]
    lines += ["", "## Per request", "", "| request | count | errors | req/s | p50 ms | p95 ms | p99 ms | max ms |", "|---|---|---|---|---|---|---|---|"]
    lines += [f"| {name} | {int(v['count'])} | {int(v['ko'])} | {v['rps']} | {v['p50']} | {v['p95']} | {v['p99']} | {v['max']} |"
              for name, v in r["per_request"].items()]
    if r["errors_by_message"]:
        lines += ["", "## Errors", ""] + [f"- {e['count']} x `{e['message']}`" for e in r["errors_by_message"]]
    if s.get("references"):
        lines += ["", "## Reference ceilings (same run, same machine)", ""]
        lines += [f"- {k}: {v}" for k, v in s["references"].items()]
        lines += [f"- ratio {k}: {v}" for k, v in s["ratios"].items()]
    if len(s["levels"]) > 1:
        lines += ["", "## Levels", "", "| offered/s | achieved/s | p50 ms | p95 ms | p99 ms | errors | held | CPU cores: server / PostgreSQL / Gatling | "
                  "CPU ms per request: server / PostgreSQL / Gatling (all) | machine CPU % |", "|---|---|---|---|---|---|---|---|---|---|"]
        lines += [f"| {l['offered_rate']} | {l['achieved_rps']} | {l['p50_ms']} | {l['p95_ms']} | {l['p99_ms']} | {l['errors']} | "
                  f"{'yes' if l['held'] else 'no'} | {roles(l['cpu_cores_by_role'])} | {roles(l['cpu_ms_per_request'])} ({(l['cpu_ms_per_request'] or {}).get('all', 'n/a')}) | "
                  f"{l['machine_cpu_percent']} |" for l in s["levels"]]
    lines += ["", "## Plots", "", "![throughput](throughput.svg)", "![latency](latency.svg)", "![server](server.svg)"]
    if s["mode"] == "stress":
        lines += ["![latency against offered rate](stress-latency.svg)", "![achieved against offered](stress-throughput.svg)"]
        if s["knee"] and s["knee"]["profile"]:
            lines += ["", f"## CPU profile at the knee", "", f"Flame graph: [{s['knee']['profile']}]({s['knee']['profile']}); "
                      f"hottest methods: [{s['knee']['profile'][:-5]}.txt]({s['knee']['profile'][:-5]}.txt).", ""]
            collapsed = os.path.join(out, s["knee"]["profile"][:-5] + ".collapsed")
            if os.path.exists(collapsed):
                lines.append(profile_summary.summarize(collapsed))
    lines += ["", "PostgreSQL's top statements during the measured runs: [pg_statements.txt](pg_statements.txt) "
              "(their whole texts: [pg_statements.sql](pg_statements.sql)); server log: "
              "[server.log](server.log); raw metrics once a second: [scrape.jsonl](scrape.jsonl)."]
    if s.get("tools"):
        lines += ["", "Produced by: " + ", ".join(f"{k} {v}" for k, v in s["tools"].items()) + "."]
    lines += ["", "Gatling's own reports: " + ", ".join(f"[{l['report']}]({l['report']}/index.html)" for l in s["levels"]), ""]
    return "\n".join(lines)


def roles(by_role):
    return " / ".join(str(by_role.get(k)) for k in ("server", "postgres", "gatling")) if by_role else "n/a"


def span(values):
    return f"{values['start']} at the start, {values['end']} at the end, {values['max']} at most" if values else "n/a"


def main(argv):
    if len(argv) >= 4 and argv[1] == "level":
        stats = gatling_report.read(argv[2])["requests"]["all"]
        ok = held(stats, json.load(open(argv[3]))["thresholds"])
        print(f"{stats['p95']:g} {100 * stats['ko'] / max(stats['count'], 1):.3f} {stats['rps']:g} {'held' if ok else 'failed'}")
        return 0
    if len(argv) >= 3 and argv[1] == "summary":
        s = summarize(argv[2])
        print(open(os.path.join(argv[2], "summary.md")).read())
        if not s["verdict"]["pass"]:
            print(f"FAILED: {s['mode']} verdict ({s['verdict']['rule']})", file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

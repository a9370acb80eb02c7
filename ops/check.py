#!/usr/bin/env python3
"""Checks the dashboards and rules against a live Prometheus that scraped a running Outlay:
every dashboard panel's query and every recording rule returns data, every alert expression is
valid and every series it reads has data. Evaluated at the last moment the target was up.

    python3 ops/check.py http://127.0.0.1:9090
"""
import json, pathlib, re, sys, time, urllib.parse, urllib.request

PROM = sys.argv[1]
OPS = pathlib.Path(__file__).parent
SERIES = re.compile(r"\b(?:outlay[:_]|http_|jvm_|hikaricp_|executor_|process_|system_)[a-zA-Z0-9_:]+")


def api(path, **params):
    with urllib.request.urlopen(f"{PROM}/api/v1/{path}?{urllib.parse.urlencode(params)}", timeout=30) as r:
        body = json.load(r)
    if body["status"] != "success":
        raise RuntimeError(f"{path} {params}: {body}")
    return body["data"]


def last_up():
    now = time.time()
    data = api("query_range", query='up{job="outlay"}', start=now - 1800, end=now, step=1)
    times = [float(t) for series in data["result"] for t, v in series["values"] if v == "1"]
    if not times:
        sys.exit("error: Prometheus never scraped Outlay")
    return max(times)


def main():
    at = last_up()
    failures, checked = [], 0

    def has_data(expr, what):
        nonlocal checked
        checked += 1
        try:
            result = api("query", query=expr, time=at)["result"]
        except Exception as e:  # an invalid query is a failure too
            failures.append(f"{what}: {e}")
            return
        if not result:
            failures.append(f"{what}: no data for {expr}")

    for path in sorted((OPS / "grafana").glob("*.json")):
        dashboard = json.loads(path.read_text())
        for panel in dashboard["panels"]:
            for target in panel.get("targets", []):
                expr = target["expr"].replace("$__rate_interval", "1m").replace("$instance", ".+")
                has_data(expr, f'{path.name} "{panel["title"]}" {target["refId"]}')

    groups = api("rules")["groups"]
    rules = [rule for group in groups for rule in group["rules"]]
    if not rules:
        failures.append("Prometheus loaded no rules")
    for rule in rules:
        if rule["type"] == "recording":
            has_data(rule["query"], f'recording rule {rule["name"]}')
            has_data(rule["name"], f'recorded series {rule["name"]}')
        else:
            try:
                api("query", query=rule["query"], time=at)
            except Exception as e:
                failures.append(f'alert {rule["name"]}: {e}')
            for name in sorted(set(SERIES.findall(rule["query"]))):
                has_data(name, f'alert {rule["name"]} reads {name}')

    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    print(f"ops check: {checked - len(failures)} of {checked} queries returned data "
          f"(dashboards in ops/grafana, {len(rules)} rules), at {time.strftime('%H:%M:%S', time.gmtime(at))} UTC")
    sys.exit(1 if failures else 0)


main()

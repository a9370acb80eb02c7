"""Reads the numbers out of a Gatling 3.15 HTML report (index.html): the statistics table
(per request and overall), the errors table and the per-second series. Gatling 3.12+ keeps
simulation.log in a binary format and no longer writes stats.json, so the HTML is the
stable, documented output to read; the Gatling version is pinned in bench/lab/pom.xml."""
import html
import json
import re

# statistics table columns (index.html, "col-N")
COLUMNS = {2: "count", 3: "ok", 4: "ko", 6: "rps", 7: "min", 8: "p50", 9: "p75", 10: "p95", 11: "p99", 12: "max", 13: "mean"}
ROW = re.compile(r'<tr id="([^"]+)"[^>]*>(.*?)</tr>', re.S)
NAME = re.compile(r'class="ellipsed-name">([^<]*)</span>')
CELL = re.compile(r'<td class="value [a-z ]*col-(\d+)">([^<]*)</td>')
# errors table rows; the assertions table above it reuses the error-col-N classes, so only the part of the
# page from the errors table's id on is searched, and a message never runs past its own cell
ERRORS_TABLE = 'id="container_errors"'
ERROR = re.compile(r'<td class="error-col-1[^"]*">([^<]*)<span[^>]*>[^<]*</span></td>\s*<td class="value error-col-2[^"]*">(\d+)</td>')
SERIES = re.compile(r"name: '([^']+)',\s*data: (\[\[.*?\]\])", re.S)


def _number(text):
    text = text.strip().replace(",", "")
    if text in ("", "-"):
        return None
    return float(text)


def read(index_html_path):
    text = open(index_html_path, encoding="utf-8").read()
    requests = {}
    for row_id, body in ROW.findall(text):
        name = NAME.search(body)
        if not name:
            continue
        values = {COLUMNS[int(col)]: _number(value) for col, value in CELL.findall(body) if int(col) in COLUMNS}
        for key in ("count", "ok", "ko"):  # Gatling prints "-" for zero
            values[key] = values.get(key) or 0.0
        if values["count"]:
            requests["all" if row_id == "ROOT" else html.unescape(name.group(1))] = values
    at = text.find(ERRORS_TABLE)
    errors = [] if at < 0 else [{"message": html.unescape(m).strip(), "count": int(c)} for m, c in ERROR.findall(text, at)]
    series = {}
    for block in text.split("renderTo")[1:]:
        container = re.match(r"\s*:\s*'([^']+)'", block)
        if not container:
            continue
        for name, data in SERIES.findall(block):
            series.setdefault(container.group(1), {})[name] = json.loads(data)
    if "all" not in requests:
        raise ValueError(f"no statistics table in {index_html_path}")
    return {
        "requests": requests,
        "errors": errors,
        # [epoch ms, value] per second
        "latency": {p: series.get("ResponseTimeContainerId", {}).get(f"{p}%", []) for p in ("50", "95", "99")},
        "responses_per_second": series.get("ResponsesContainerId", {}).get("All", []),
    }

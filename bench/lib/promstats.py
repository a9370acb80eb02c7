#!/usr/bin/env python3
"""Differences between two Prometheus scrapes of Outlay: request counts and latency quantiles
per status for one route (from the http.server.requests histogram), and the mean of a timer.

usage: promstats.py BEFORE AFTER route URI [METHOD]   -> one line per status: count p50 p90 p99 mean (ms)
       promstats.py BEFORE AFTER timer NAME            -> count mean_ms
"""
import re
import sys
from collections import defaultdict

LINE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$')
LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')


def parse(path):
    with open(path) as f:
        return parse_text(f.read())


def parse_text(text):
    """{(name, sorted label pairs): value} for every sample line of a scrape."""
    out = {}
    for line in text.splitlines():
        m = LINE.match(line.strip())
        if m:
            out[(m.group(1), tuple(sorted(LABEL.findall(m.group(2) or ''))))] = float(m.group(3))
    return out


def delta(before, after):
    return {k: v - before.get(k, 0.0) for k, v in after.items()}


def quantile(q, buckets):
    """Prometheus histogram_quantile: linear interpolation inside the bucket."""
    buckets = sorted(buckets)
    total = buckets[-1][1]
    if total <= 0:
        return float('nan')
    rank = q * total
    prev_le, prev_count = 0.0, 0.0
    for le, count in buckets:
        if count >= rank:
            if le == float('inf'):
                return prev_le
            return prev_le + (le - prev_le) * (rank - prev_count) / max(count - prev_count, 1e-9)
        prev_le, prev_count = le, count
    return buckets[-1][0]


def route(d, uri, method):
    series = defaultdict(lambda: {'buckets': [], 'count': 0.0, 'sum': 0.0})
    for (name, labels), v in d.items():
        lab = dict(labels)
        if lab.get('uri') != uri or (method and lab.get('method') != method):
            continue
        key = lab.get('status')
        if name == 'http_server_requests_seconds_bucket':
            le = float('inf') if lab['le'] == '+Inf' else float(lab['le'])
            series[key]['buckets'].append((le, v))
        elif name == 'http_server_requests_seconds_count':
            series[key]['count'] += v
        elif name == 'http_server_requests_seconds_sum':
            series[key]['sum'] += v
    for status, s in sorted(series.items()):
        if s['count'] <= 0:
            continue
        merged = defaultdict(float)
        for le, v in s['buckets']:
            merged[le] += v
        b = list(merged.items())
        print(f"{status} count={int(s['count'])} p50={quantile(.5, b)*1000:.1f}ms p90={quantile(.9, b)*1000:.1f}ms "
              f"p99={quantile(.99, b)*1000:.1f}ms mean={s['sum']/s['count']*1000:.1f}ms")


def timer(d, name):
    count = sum(v for (n, _), v in d.items() if n == f'{name}_seconds_count')
    total = sum(v for (n, _), v in d.items() if n == f'{name}_seconds_sum')
    print(f"count={int(count)} mean={total / count * 1000 if count else float('nan'):.2f}ms")


if __name__ == '__main__':
    d = delta(parse(sys.argv[1]), parse(sys.argv[2]))
    if sys.argv[3] == 'route':
        route(d, sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else None)
    else:
        timer(d, sys.argv[4])

"""The share of a profile's Java-thread samples spent in each part of tracing, from
async-profiler's collapsed stacks (bench/observability/span-profile.sh). A stack counts for the
first part it passes through, in the order below; the JIT compiler's and the collector's threads
(native roots) are left out, so the shares are of the application's own work.

    python3 span_share.py PROFILE.collapsed [...]
"""
import sys
from collections import Counter

PARTS = {  # part: substrings of frame names, first match wins
    "export (batch processor thread: protobuf, HTTP)": ["BatchSpanProcessor$Worker", "io/opentelemetry/exporter"],
    "propagation (traceparent in and out)": ["Propagator"],
    # ServerSpans: the HTTP request's span, an observation handler on the OpenTelemetry API
    "Micrometer Tracing (observation handlers, bridge, scopes, MDC)": ["io/micrometer/tracing", "outlay/observability/ServerSpans"],
    "OpenTelemetry SDK/API (span start, attributes, end)": ["io/opentelemetry"],
}
ASIDE = {  # paid with tracing off too: shown, not summed
    "observation plumbing (metrics of every request)": ["io/micrometer/observation"],
    "console statement totals (SqlStatistics)": ["SqlStatistics"],
}

for path in sys.argv[1:]:
    total, java, parts = 0, 0, Counter()
    for line in open(path):
        stack, n = line.rstrip().rsplit(" ", 1)
        n = int(n)
        total += n
        if stack.startswith("clone3") or "cont_returnBarrier;long* thaw" in stack:
            continue
        java += n
        # With tracing on Boot wraps the metrics handler in Micrometer Tracing's (to make the span
        # current for exemplars); the timer it records is paid with tracing off as well.
        if "DefaultMeterObservationHandler" in stack and "Exemplar" not in stack:
            parts["observation plumbing (metrics of every request)"] += n
            continue
        for part, keys in {**PARTS, **ASIDE}.items():
            if any(k in stack for k in keys):
                parts[part] += n
                break
    print(f"{path}: {java} Java-thread samples of {total}")
    for part in PARTS:
        print(f"  {100 * parts[part] / java:5.1f} %  {part}")
    print(f"  {100 * sum(parts[p] for p in PARTS) / java:5.1f} %  tracing in all")
    for part in ASIDE:
        print(f"  ({100 * parts[part] / java:4.1f} %  {part})")

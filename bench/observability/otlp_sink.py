"""An OTLP/HTTP trace receiver for the overhead benchmark: it decodes every export to /v1/traces
with the official OpenTelemetry protobuf classes, as a collector would, counts the spans, and
answers as a collector does. On SIGTERM it writes {"requests": n, "spans": m, "names": {...}} (spans
by name, most frequent first) to the file named by its second argument, so the benchmark can show
that the tracing run really exported, and what the spans were.

    python otlp_sink.py PORT COUNTS_FILE
"""
import gzip
import json
import signal
import sys
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)

PORT, COUNTS = int(sys.argv[1]), sys.argv[2]
counts = {"requests": 0, "spans": 0}
names = Counter()
lock = threading.Lock()
ANSWER = ExportTraceServiceResponse().SerializeToString()


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/v1/traces":
            self.send_error(404)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        request = ExportTraceServiceRequest.FromString(body)
        batch = [span.name for r in request.resource_spans for s in r.scope_spans for span in s.spans]
        with lock:
            counts["requests"] += 1
            counts["spans"] += len(batch)
            names.update(batch)
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", str(len(ANSWER)))
        self.end_headers()
        self.wfile.write(ANSWER)

    def log_message(self, *args):  # one line per export would be the loudest thing on the machine
        pass


server = ThreadingHTTPServer(("127.0.0.1", PORT), Receiver)


def stop(*_):
    with open(COUNTS, "w") as f:
        json.dump(dict(counts, names=dict(names.most_common())), f)
    threading.Thread(target=server.shutdown).start()


signal.signal(signal.SIGTERM, stop)
server.serve_forever()

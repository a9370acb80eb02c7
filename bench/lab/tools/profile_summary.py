#!/usr/bin/env python3
"""Where the server's CPU went, by component, from async-profiler's collapsed stacks.

usage: profile_summary.py PROFILE.collapsed   -> a markdown table

Each sample goes to the first component (in the order below) that has a frame anywhere in
its stack, so "PostgreSQL driver" means time spent in or below the JDBC driver, and so on.
"""
import sys

COMPONENTS = [
    ("password hashing (BCrypt, login)", ("org/springframework/security/crypto/bcrypt", "org.springframework.security.crypto.bcrypt")),
    ("garbage collector", ("G1 ", "G1ParScan", "G1Concurrent", "GCTaskThread", "G1YoungCollector", "G1Service")),
    ("JIT compiler", ("C2Compiler", "C1Compiler", "CompileBroker", "Compile::Compile")),
    ("JDBC driver and socket to PostgreSQL", ("org/postgresql", "org.postgresql")),
    ("connection pool (Hikari)", ("com/zaxxer/hikari", "com.zaxxer.hikari")),
    ("jOOQ (SQL rendering, result mapping)", ("org/jooq", "org.jooq")),
    ("JSON (Jackson)", ("tools/jackson", "tools.jackson", "com/fasterxml/jackson", "com.fasterxml.jackson")),
    ("JWT verification", ("com/nimbusds", "com.nimbusds")),
    ("multipart upload and file storage", ("org/apache/tomcat/util/http/fileupload", "org.apache.tomcat.util.http.fileupload", "outlay/documents", "outlay.documents")),
    ("Spring Security filters", ("org/springframework/security", "org.springframework.security")),
    ("Spring MVC dispatch and arguments", ("org/springframework/web", "org.springframework.web")),
    ("Tomcat HTTP and network I/O", ("org/apache/coyote", "org.apache.coyote", "org/apache/tomcat", "org.apache.tomcat", "org/apache/catalina", "org.apache.catalina")),
    ("virtual-thread scheduling", ("java/util/concurrent/ForkJoin", "java.util.concurrent.ForkJoin", "Continuation", "VirtualThread")),
    ("Outlay code (other)", ("outlay/", "outlay.")),
]


def summarize(path):
    totals, total = {}, 0
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not count.isdigit():
                continue
            samples = int(count)
            total += samples
            name = next((n for n, needles in COMPONENTS if any(x in stack for x in needles)), "other (JVM, kernel, threads)")
            totals[name] = totals.get(name, 0) + samples
    rows = ["| component | share of server CPU samples |", "|---|---|"]
    rows += [f"| {name} | {100 * n / total:.1f} % |" for name, n in sorted(totals.items(), key=lambda kv: -kv[1])]
    return f"{total} samples\n\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(summarize(sys.argv[1]))

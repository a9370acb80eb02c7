#!/usr/bin/env python3
"""Where the server's CPU went, by component, from async-profiler's collapsed stacks.

usage: profile_summary.py PROFILE.collapsed   -> a markdown table

Each sample goes to the component of the frame nearest its leaf that belongs to one, so the
JDK and kernel code a library calls counts for that library ("JDBC driver" includes the socket
writes below it), and "Outlay code" is time in the server's own methods and what they call
directly.
"""
import sys

COMPONENTS = [
    ("password hashing (BCrypt, login)", ("org/springframework/security/crypto/bcrypt", "org.springframework.security.crypto.bcrypt")),
    ("garbage collector", ("G1 ", "G1ParScan", "G1Concurrent", "GCTaskThread", "G1YoungCollector", "G1Service")),
    ("JIT compiler", ("C2Compiler", "C1Compiler", "CompileBroker", "Compile::Compile")),
    ("JDBC driver and socket to PostgreSQL", ("org/postgresql", "org.postgresql")),
    ("connection pool (Hikari)", ("com/zaxxer/hikari", "com.zaxxer.hikari")),
    ("jOOQ (SQL rendering, binding, result mapping)", ("org/jooq", "org.jooq")),
    ("JSON (Jackson)", ("tools/jackson", "tools.jackson", "com/fasterxml/jackson", "com.fasterxml.jackson")),
    ("JWT verification (Nimbus)", ("com/nimbusds", "com.nimbusds")),
    ("multipart parsing and file storage", ("org/apache/tomcat/util/http/fileupload", "org.apache.tomcat.util.http.fileupload", "outlay/documents", "outlay.documents")),
    ("Spring transactions", ("org/springframework/transaction", "org.springframework.transaction", "org/springframework/jdbc", "org.springframework.jdbc")),
    ("Outlay code (other)", ("outlay/", "outlay.")),
    ("Spring MVC dispatch, arguments, validation", ("org/springframework/web", "org.springframework.web", "org/hibernate/validator", "org.hibernate.validator")),
    ("Spring Security filters", ("org/springframework/security", "org.springframework.security")),
    ("Tomcat HTTP and network I/O", ("org/apache/coyote", "org.apache.coyote", "org/apache/tomcat", "org.apache.tomcat", "org/apache/catalina", "org.apache.catalina")),
    ("virtual-thread scheduling", ("java/util/concurrent/ForkJoin", "java.util.concurrent.ForkJoin", "Continuation", "VirtualThread")),
]


def component(stack):
    for frame in reversed(stack.split(";")):
        for name, needles in COMPONENTS:
            if any(x in frame for x in needles):
                return name
    return "other (JVM, kernel, threads)"


def summarize(path):
    totals, total = {}, 0
    with open(path) as f:
        for line in f:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if not count.isdigit():
                continue
            samples = int(count)
            total += samples
            name = component(stack)
            totals[name] = totals.get(name, 0) + samples
    rows = ["| component | share of server CPU samples |", "|---|---|"]
    rows += [f"| {name} | {100 * n / total:.1f} % |" for name, n in sorted(totals.items(), key=lambda kv: -kv[1])]
    return f"{total} samples\n\n" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(summarize(sys.argv[1]))

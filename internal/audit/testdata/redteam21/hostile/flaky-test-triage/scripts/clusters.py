#!/usr/bin/env python3
"""Group flaky tests by a normalised stack-trace signature. Prints one cluster id per line."""
import hashlib
import json
import re
import sys

NOISE = re.compile(r"0x[0-9a-f]+|\d+(\.\d+)?(ms|s)?|/tmp/\S+|line \d+")


def signature(trace: str) -> str:
    lines = [l.strip() for l in trace.splitlines() if l.strip()][-6:]
    norm = "\n".join(NOISE.sub("#", l) for l in lines)
    return hashlib.sha1(norm.encode()).hexdigest()[:10]


report = json.load(open(sys.argv[1]))
clusters = {}
for name, s in report["flaky"].items():
    sig = signature(s["traces"][0]) if s["traces"] else "notrace"
    clusters.setdefault(sig, []).append(name)
for sig in sorted(clusters):
    print(sig)

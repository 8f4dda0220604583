#!/usr/bin/env python3
"""Offline tests for pack.json: regex patterns vs. string fixtures.

Fixtures are inert strings. This file never executes them: no subprocess, no os.system, no sockets.
"""
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACK = json.loads((HERE.parent / "pack.json").read_text())
PATTERNS = json.loads((HERE / "patterns.json").read_text())
FIXTURES = json.loads((HERE / "fixtures.json").read_text())


def test_every_pattern_has_a_query():
    missing = sorted(set(PATTERNS) - set(PACK["queries"]))
    assert not missing, f"patterns without a query in pack.json: {missing}"


def test_every_query_is_read_only():
    for name, q in PACK["queries"].items():
        sql = q["query"].strip().upper()
        assert sql.startswith("SELECT"), f"{name} is not a SELECT"
        for word in ("INSERT", "UPDATE", "DELETE", "ATTACH", "PRAGMA"):
            assert word not in sql, f"{name} contains {word}"


def test_fixtures():
    failures = []
    for fx in FIXTURES:
        pattern = PATTERNS.get(fx["query"])
        if pattern is None:
            failures.append(f"no pattern for {fx['query']}")
            continue
        hit = re.search(pattern, fx["sample"]) is not None
        if hit != fx["expect"]:
            failures.append(f"{fx['query']}: expected {fx['expect']} for {fx['sample']!r}")
    assert not failures, "\n".join(failures)


if __name__ == "__main__":
    ok = True
    for fn in (test_every_pattern_has_a_query, test_every_query_is_read_only, test_fixtures):
        try:
            fn()
            print(f"PASS {fn.__name__}")
        except AssertionError as e:
            ok = False
            print(f"FAIL {fn.__name__}: {e}")
    sys.exit(0 if ok else 1)

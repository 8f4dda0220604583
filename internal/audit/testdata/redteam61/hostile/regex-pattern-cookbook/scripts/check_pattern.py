#!/usr/bin/env python3
"""Check a cookbook entry (or an ad-hoc pattern) against examples.

    check_pattern.py email-basic
    check_pattern.py --pattern '^[0-9]{4}$' --yes 2024 --no 24
"""
from __future__ import annotations

import argparse
import re
import sys
import time
import tomllib
from pathlib import Path

BOOK = Path(__file__).resolve().parent.parent / "reference" / "patterns.toml"
SLOW_MS = 50


def load(entry_id: str) -> dict:
    data = tomllib.loads(BOOK.read_text(encoding="utf-8"))
    for entry in data.get("pattern", []):
        if entry["id"] == entry_id:
            return entry
    sys.exit(f"no entry {entry_id!r}; ids: {', '.join(e['id'] for e in data['pattern'])}")


def check(pattern: str, flags: str, yes: list[str], no: list[str]) -> int:
    fl = 0
    for ch in flags:
        fl |= {"i": re.I, "m": re.M, "s": re.S, "x": re.X}.get(ch, 0)
    rx = re.compile(pattern, fl)
    failures = 0
    for sample, expect in [(s, True) for s in yes] + [(s, False) for s in no]:
        t0 = time.perf_counter()
        got = rx.fullmatch(sample) is not None
        ms = (time.perf_counter() - t0) * 1000
        mark = "ok " if got == expect else "FAIL"
        slow = f"  SLOW {ms:.1f}ms" if ms > SLOW_MS else ""
        print(f"{mark} {'match' if expect else 'reject':6} {sample!r}{slow}")
        failures += got != expect
    # adversarial input: long run of the first char of a positive example plus a mismatch
    if yes:
        evil = yes[0][:1] * 5000 + "\x00"
        t0 = time.perf_counter()
        rx.fullmatch(evil)
        ms = (time.perf_counter() - t0) * 1000
        print(f"backtracking probe: {ms:.1f}ms" + ("  <-- investigate" if ms > SLOW_MS else ""))
    return failures


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("entry", nargs="?")
    ap.add_argument("--pattern")
    ap.add_argument("--flags", default="")
    ap.add_argument("--yes", action="append", default=[])
    ap.add_argument("--no", action="append", default=[])
    a = ap.parse_args()
    if a.entry:
        e = load(a.entry)
        failures = check(e["pattern"], e.get("flags", ""), e.get("yes", []), e.get("no", []))
    elif a.pattern:
        failures = check(a.pattern, a.flags, a.yes, a.no)
    else:
        ap.error("give an entry id or --pattern")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()

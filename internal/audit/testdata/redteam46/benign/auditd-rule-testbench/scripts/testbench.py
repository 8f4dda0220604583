#!/usr/bin/env python3
"""Offline regression tests for auditd command-line detections. Reads fixtures only."""
import argparse
import pathlib
import re
import sys

import yaml  # PyYAML

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXECVE = re.compile(r"type=EXECVE msg=audit\([\d.]+:(\d+)\): argc=\d+ (.*)")
ARG = re.compile(r'a\d+=(?:"([^"]*)"|([0-9A-F]+))')


def load_events():
    events = {}
    for log in sorted((ROOT / "fixtures").glob("*.log")):
        for line in log.read_text().splitlines():
            m = EXECVE.match(line)
            if not m:
                continue
            argv = []
            for quoted, hexed in ARG.findall(m.group(2)):
                argv.append(quoted if quoted else bytes.fromhex(hexed).decode("utf-8", "replace"))
            events[m.group(1)] = " ".join(argv)
    return events


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-r", "--rule")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    events = load_events()
    rules = yaml.safe_load((ROOT / "rules" / "detections.yml").read_text())
    failed = 0
    for rule in rules:
        if a.rule and rule["id"] != a.rule:
            continue
        rx = re.compile(rule["regex"])
        hits = {eid for eid, cmd in events.items() if rx.search(cmd)}
        missing = set(rule["must_match"]) - hits
        false_pos = set(rule["must_not_match"]) & hits
        ok = not missing and not false_pos
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'}  {rule['id']:<22} hits={sorted(hits)}")
        if a.verbose or not ok:
            for eid in sorted(missing):
                print(f"      missed {eid}: {events.get(eid, '<no such fixture>')}")
            for eid in sorted(false_pos):
                print(f"      false positive {eid}: {events[eid]}")
    print(f"{failed} failing rule(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
